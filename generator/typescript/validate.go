package typescript

import "strings"

// validate writes src/validate.ts: validateT, isT, checkT, parseT and serializeT for every named
// type.
func (e *emitter) validate() string {
	var body strings.Builder
	names := make([]string, 0, len(e.s.Types))
	nw := newNarrower(e)
	for _, t := range e.s.Types {
		names = append(names, t.TSName)
		// isT and parseT also refuse what the type leaves out; validateT is the schema's verdict.
		typed, check, doc := "", "validate"+t.TSName, ""
		if c := nw.call(t); c != "" {
			typed = e.exec("narrow.typed", struct{ Name, Body string }{t.TSName, c})
			check, doc = e.exec("narrow.typedName", t.TSName), e.exec("narrow.typedDoc", nil)
		}
		body.WriteString(e.exec("validate.named", struct{ Name, Func, Typed, Check, TypedDoc string }{t.TSName, e.fn(t.Node), typed, check, doc}))
	}
	imports := ""
	if len(names) > 0 {
		imports = e.exec("validate.imports", strings.Join(names, ", "))
	}
	narrow := ""
	if len(nw.order) > 0 {
		narrow = e.exec("narrow.prelude", nil) + nw.functions()
	}
	return e.exec("validate.ts", struct{ Header, Imports, Body, Narrow string }{Header, imports, body.String(), narrow})
}
