package typescript

import (
	"fmt"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// tsMessage renders the message name of the table (generator/ir/messages.go) as a TypeScript
// string expression, the text the Go package reports for the same violation; its holes read the
// validator's v (the value) and k (the key, or the count).
func tsMessage(name string, args ...string) string {
	return tsMessageWith("", name, args...)
}

// valueMark stands for a placeholder's value in tsMessageWith.
const valueMark = "\x00"

// tsMessageWith is tsMessage where a placeholder whose value is valueMark takes the value of
// the TypeScript expression expr at run time.
func tsMessageWith(expr, name string, args ...string) string {
	var parts []string
	for _, part := range ir.NewMessage(name, args...) {
		switch part.Hole {
		case ir.HoleType:
			parts = append(parts, "rt.typeName(v)")
		case ir.HoleKey:
			parts = append(parts, "rt.goQuote(k)")
		case ir.HoleCount:
			parts = append(parts, "String(k)")
		default:
			if expr == "" {
				parts = append(parts, jsString(part.Text))
				continue
			}
			for i, lit := range strings.Split(part.Text, valueMark) {
				if i > 0 {
					parts = append(parts, expr)
				}
				if lit != "" {
					parts = append(parts, jsString(lit))
				}
			}
		}
	}
	return strings.Join(parts, " + ")
}

// msgFunc is the template function msg: {{msg "minLength" "n" .}} is tsMessage with its
// arguments written as text.
func msgFunc(name string, args ...any) string {
	s := make([]string, len(args))
	for i, a := range args {
		s[i] = fmt.Sprint(a)
	}
	return tsMessage(name, s...)
}

// msgWithFunc is the template function msgWith: {{msgWith "required" "name" "quoteJSON(k)"}}
// is the message whose placeholder name is the value of the expression at run time.
func msgWithFunc(name, placeholder, expr string) string {
	return tsMessageWith(expr, name, placeholder, valueMark)
}

// choiceData is what the anyOf and oneOf templates read: the test of the alternatives and the
// call of the runtime's union that reports their failure (see unionCall).
func choiceData(body, union string) struct{ Body, Union string } {
	return struct{ Body, Union string }{body, union}
}

// stringValues returns strings as IR values.
func stringValues(ss []string) []ir.Value {
	vals := make([]ir.Value, len(ss))
	for i, s := range ss {
		vals[i] = ir.Value{Kind: ir.String, String: s}
	}
	return vals
}
