package build

import (
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/naming"
)

// nameShared renames the validators that several schema locations share (dedupe) after what
// they check rather than after the first location that uses them: vString1To200 instead of
// vFinding_Kind. Only validators a short name describes exactly are renamed — a scalar type
// with length, bounds, pattern or enum, or a reference — and never the validator of a named
// type, which keeps its type's name.
func (b *builder) nameShared() {
	users := map[*ir.Node]int{}
	for _, n := range b.out.Nodes {
		if n.SameAs != nil {
			users[n.SameAs]++
		}
	}
	renamed := map[*ir.Node]bool{}
	for _, n := range b.out.Nodes {
		if users[n] == 0 || n.Type != nil {
			continue
		}
		name := checkName(n)
		if name == "" {
			continue
		}
		n.GoFunc = b.goFuncs.Unique("v" + name)
		n.TSFunc = b.tsFuncs.Unique("v" + name)
		renamed[n] = true
	}
	for _, n := range b.out.Nodes {
		if n.SameAs != nil && renamed[n.SameAs] {
			n.GoFunc, n.TSFunc = n.SameAs.GoFunc, n.SameAs.TSFunc
		}
	}
}

// checkName names what a node checks, or "" when no short name says it all.
func checkName(n *ir.Node) string {
	if n.Ref != nil && onlyRef(n) {
		if t := deref(n); t != nil && t.Type != nil {
			return t.Type.GoName + "Ref"
		}
		return ""
	}
	c := *n
	c.Title, c.Description, c.Default, c.Format = "", "", nil, ""
	c.Types, c.MinLength, c.MaxLength, c.Pattern, c.Enum = nil, nil, nil, nil, nil
	c.Minimum, c.Maximum, c.ExclusiveMinimum, c.ExclusiveMaximum = nil, nil, nil, nil
	if len(n.Types) != 1 || !isEmpty(&c) {
		return ""
	}
	var b strings.Builder
	switch n.Types[0] {
	case "string":
		b.WriteString("String")
		switch {
		case n.MinLength != nil && n.MaxLength != nil:
			b.WriteString(itoa(*n.MinLength) + "To" + itoa(*n.MaxLength))
		case n.MinLength != nil:
			b.WriteString("Min" + itoa(*n.MinLength))
		case n.MaxLength != nil:
			b.WriteString("Max" + itoa(*n.MaxLength))
		}
		if n.Pattern != nil {
			b.WriteString(strings.TrimPrefix(n.Pattern.GoVar, "re"))
		}
	case "integer", "number":
		b.WriteString(naming.Camel(n.Types[0]))
		for _, x := range []struct {
			word string
			v    *ir.NumberLit
		}{{"Min", n.Minimum}, {"Above", n.ExclusiveMinimum}, {"Max", n.Maximum}, {"Below", n.ExclusiveMaximum}} {
			if x.v != nil {
				b.WriteString(x.word + naming.ValueSuffix(x.v.Literal))
			}
		}
	case "boolean":
		b.WriteString("Boolean")
	default:
		return ""
	}
	if n.Enum != nil {
		b.WriteString("Enum")
		for i, v := range n.Enum {
			if i == 2 {
				b.WriteString("Etc")
				break
			}
			if v.Kind == ir.String {
				b.WriteString(naming.ValueSuffix(v.String))
			} else {
				b.WriteString(naming.ValueSuffix(v.Number))
			}
		}
	}
	return b.String()
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }
