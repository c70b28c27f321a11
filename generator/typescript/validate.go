package typescript

import "strings"

// validate writes src/validate.ts: validateT, isT, checkT, parseT and serializeT for every named
// type, one rt.api call each (the functions themselves are shared, in runtime.ts).
func (e *emitter) validate() string {
	var body strings.Builder
	names := make([]string, 0, len(e.s.Types))
	nw := newNarrower(e)
	for _, t := range e.s.Types {
		names = append(names, t.TSName)
		// isT, checkT and parseT also refuse what the type leaves out; validateT is the schema's verdict.
		narrow, doc := "", ""
		if c := nw.call(t); c != "" {
			narrow, doc = e.exec("narrow.arg", c), e.exec("narrow.typedDoc", nil)
			if g := nw.guards[t]; g != "" {
				narrow += e.exec("narrow.arg", g)
			}
		}
		body.WriteString(e.exec("validate.named", struct {
			Name, Type, Func, Narrow, TypedDoc string
			Nullable                           bool
		}{t.TSName, apiType(t), e.fn(t.Node), narrow, doc, t.Nullable}))
	}
	imports := ""
	if len(names) > 0 {
		imports = e.exec("validate.imports", importList(names))
	}
	narrow, narrowImport := "", ""
	if len(nw.order) > 0 {
		narrow, narrowImport = e.exec("narrow.prelude", nil)+nw.functions(), e.exec("narrow.import", nil)
	}
	return e.exec("validate.ts", struct{ Header, NarrowImport, Imports, Body, Narrow string }{Header, narrowImport, imports, body.String(), narrow})
}

// importList is what goes between the braces of an import of names: " A, B " on the import's
// line when it stays short, else one name per line, as a formatter writes a long import.
func importList(names []string) string {
	if one := strings.Join(names, ", "); len(one) <= 60 {
		return " " + one + " "
	}
	return "\n  " + strings.Join(names, ",\n  ") + ",\n"
}
