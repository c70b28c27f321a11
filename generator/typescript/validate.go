package typescript

import "strings"

// validate writes src/validate.ts: validateT, isT, checkT, parseT and serializeT for every named
// type.
func (e *emitter) validate() string {
	var body strings.Builder
	names := make([]string, 0, len(e.s.Types))
	for _, t := range e.s.Types {
		names = append(names, t.TSName)
		body.WriteString(e.exec("validate.named", struct{ Name, Func string }{t.TSName, e.fn(t.Node)}))
	}
	imports := ""
	if len(names) > 0 {
		imports = e.exec("validate.imports", strings.Join(names, ", "))
	}
	return e.exec("validate.ts", struct{ Header, Imports, Body string }{Header, imports, body.String()})
}
