package typescript

import (
	"slices"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// validatePart is the most named types one module of validators holds. tsc's time to check the
// destructured statements of validate.ts grows faster than their number in one module (the
// synthetic schema at 2,000 definitions, 10,000 types: 380 s of CPU for the package, 52 s with
// parts of 500; docs/performance.md), so a schema of more types has its validators in parts,
// src/validate-1.ts, src/validate-2.ts, …, which src/validate.ts re-exports; the package's API
// and each statement stay the same. A variable for the tests.
var validatePart = 500

// validateModules returns the modules of validateT, isT, checkT, parseT and serializeT for
// every named type, one rt.api call each (the functions themselves are shared, in runtime.ts):
// src/validate.ts, or for more than validatePart types src/validate.ts re-exporting its parts
// and src/narrow.ts with the narrowing functions they share.
func (e *emitter) validateModules() []module {
	nw := newNarrower(e)
	if len(e.s.Types) <= validatePart {
		return []module{{"src/validate.ts", func() string { return e.validate(nw) }}}
	}
	nw.export = "export "
	chunks := slices.Collect(slices.Chunk(e.s.Types, validatePart))
	count := strconv.Itoa(len(chunks))
	var exports strings.Builder
	var parts []module
	for i, types := range chunks {
		part := strconv.Itoa(i + 1)
		exports.WriteString(e.exec("validate.reexport", part))
		parts = append(parts, module{"src/validate-" + part + ".ts", func() string { return e.validatePart(nw, types, part, count) }})
	}
	modules := []module{{"src/validate.ts", func() string {
		return e.exec("validate.parts", struct{ Header, Size, Exports string }{Header, strconv.Itoa(validatePart), exports.String()})
	}}}
	modules = append(modules, parts...)
	if len(nw.order) > 0 {
		modules = append(modules, module{"src/narrow.ts", func() string {
			body := nw.functions()
			return e.exec("narrow.ts", struct {
				Header, Body string
				Nodes        bool
			}{Header, body, nw.nodes})
		}})
	}
	return modules
}

// validate writes src/validate.ts whole: the statements of every named type, then the narrowing
// functions.
func (e *emitter) validate(nw *narrower) string {
	body, imports := e.statements(nw, e.s.Types)
	narrow, narrowImport := "", ""
	if len(nw.order) > 0 {
		narrow, narrowImport = nw.functions(), e.exec("narrow.import", nil)
	}
	return e.exec("validate.ts", struct{ Header, NarrowImport, Imports, Body, Narrow string }{Header, narrowImport, imports, body, narrow})
}

// validatePart writes one part of a split validate.ts: the statements of its types, importing
// the narrowing functions they name from src/narrow.ts.
func (e *emitter) validatePart(nw *narrower, types []*ir.Type, part, count string) string {
	body, imports := e.statements(nw, types)
	var uses []string
	seen := map[string]bool{}
	for _, t := range types {
		for _, name := range nw.uses(t) {
			if !seen[name] {
				seen[name] = true
				uses = append(uses, name)
			}
		}
	}
	if len(uses) > 0 {
		imports = e.exec("narrow.imports", importList(uses)) + imports
	}
	return e.exec("validate.part", struct{ Header, Part, Parts, Imports, Body string }{Header, part, count, imports, body})
}

// statements writes the rt.api statement of each type and the import of the types they name.
func (e *emitter) statements(nw *narrower, types []*ir.Type) (body, imports string) {
	var b strings.Builder
	names := make([]string, 0, len(types))
	for _, t := range types {
		names = append(names, t.TSName)
		// isT, checkT and parseT also refuse what the type leaves out; validateT is the schema's verdict.
		narrow, doc := "", ""
		if c := nw.call(t); c != "" {
			narrow, doc = e.exec("narrow.arg", c), e.exec("narrow.typedDoc", nil)
			if g := nw.guards[t]; g != "" {
				narrow += e.exec("narrow.arg", g)
			}
		}
		b.WriteString(e.exec("validate.named", struct {
			Name, Type, Func, Narrow, TypedDoc string
			Nullable                           bool
		}{t.TSName, apiType(t), e.fn(t.Node), narrow, doc, t.Nullable}))
	}
	if len(names) > 0 {
		imports = e.exec("validate.imports", importList(names))
	}
	return b.String(), imports
}

// importList is what goes between the braces of an import of names: " A, B " on the import's
// line when it stays short, else one name per line, as a formatter writes a long import.
func importList(names []string) string {
	if one := strings.Join(names, ", "); len(one) <= 60 {
		return " " + one + " "
	}
	return "\n  " + strings.Join(names, ",\n  ") + ",\n"
}
