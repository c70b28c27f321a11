package build

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// dedupe marks nodes that validate exactly like an earlier node (same keywords, same values,
// same inline subschemas, references to the same locations) with SameAs, and gives them that
// node's function names: emitters write one validator for all of them. Schemas repeat small
// subschemas ({"type": "string"}, the same enum, the same object shape) a great deal, so this
// keeps the generated code proportional to what is distinct in the schema.
func dedupe(s *ir.Schema) {
	keys := make(map[*ir.Node]string, len(s.Nodes))
	first := make(map[string]*ir.Node, len(s.Nodes))
	for _, n := range s.Nodes {
		k := nodeKey(n, keys)
		if rep, ok := first[k]; ok {
			n.SameAs = rep
			n.GoFunc = rep.GoFunc
			n.TSFunc = rep.TSFunc
			continue
		}
		first[k] = n
	}
}

// nodeKey is a digest of everything that decides a node's validation. A $ref counts by the
// location it points at, so that cycles need no special care.
func nodeKey(n *ir.Node, keys map[*ir.Node]string) string {
	if k, ok := keys[n]; ok {
		return k
	}
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte(0) }
	sub := func(tag string, c *ir.Node) {
		if c != nil {
			w("%s=%s", tag, nodeKey(c, keys))
		}
	}
	subs := func(tag string, cs []*ir.Node) {
		for i, c := range cs {
			w("%s%d=%s", tag, i, nodeKey(c, keys))
		}
		w("%s#%d", tag, len(cs))
	}
	num := func(tag string, v *ir.NumberLit) {
		if v != nil {
			w("%s=%v", tag, v.Float)
		}
	}
	cnt := func(tag string, v *int64) {
		if v != nil {
			w("%s=%d", tag, *v)
		}
	}
	if n.Bool != nil {
		w("bool=%v", *n.Bool)
	}
	if n.Ref != nil {
		w("ref=%s%s", n.Ref.Location, n.Ref.Scope)
	}
	if n.FormatGo != "" {
		w("format=%s", n.FormatGo)
	}
	if n.DynamicRef != nil {
		w("dynamic-ref=%s%s", n.DynamicRef.Location, n.DynamicRef.Scope)
	}
	w("types=%q", n.Types)
	if n.Enum != nil {
		w("enum=%s", valuesText(n.Enum))
	}
	if n.Const != nil {
		w("const=%s", valuesText([]ir.Value{*n.Const}))
	}
	for _, p := range n.Properties {
		w("prop=%q=%s", p.Name, nodeKey(p.Schema, keys))
	}
	w("required=%q", n.Required)
	sub("additional", n.AdditionalProperties)
	for _, pp := range n.PatternProperties {
		w("pattern-prop=%q=%s", pp.Pattern.Source, nodeKey(pp.Schema, keys))
	}
	sub("names", n.PropertyNames)
	cnt("minProps", n.MinProperties)
	cnt("maxProps", n.MaxProperties)
	for _, d := range n.DependentRequired {
		w("dep=%q=%q", d.Property, d.Requires)
	}
	for _, d := range n.DependentSchemas {
		w("dep-schema=%q=%s", d.Property, nodeKey(d.Schema, keys))
	}
	sub("unevaluatedProps", n.UnevaluatedProperties)
	subs("prefix", n.PrefixItems)
	sub("items", n.Items)
	cnt("minItems", n.MinItems)
	cnt("maxItems", n.MaxItems)
	sub("contains", n.Contains)
	cnt("minContains", n.MinContains)
	cnt("maxContains", n.MaxContains)
	w("unique=%v/%q", n.UniqueItems, n.UniqueBy)
	sub("unevaluatedItems", n.UnevaluatedItems)
	cnt("minLen", n.MinLength)
	cnt("maxLen", n.MaxLength)
	if n.Pattern != nil {
		w("pattern=%q", n.Pattern.Source)
	}
	num("min", n.Minimum)
	num("max", n.Maximum)
	num("xmin", n.ExclusiveMinimum)
	num("xmax", n.ExclusiveMaximum)
	num("mult", n.MultipleOf)
	subs("allOf", n.AllOf)
	subs("anyOf", n.AnyOf)
	subs("oneOf", n.OneOf)
	sub("not", n.Not)
	sub("if", n.If)
	sub("then", n.Then)
	sub("else", n.Else)
	if d := n.Discriminator; d != nil {
		w("disc=%s/%q/%q", d.Keyword, d.Property, d.Values)
	}
	sum := sha256.Sum256([]byte(b.String()))
	k := hex.EncodeToString(sum[:16])
	keys[n] = k
	return k
}

func valuesText(vs []ir.Value) string {
	var b strings.Builder
	var walk func(v ir.Value)
	walk = func(v ir.Value) {
		switch v.Kind {
		case ir.Null:
			b.WriteString("n")
		case ir.Bool:
			fmt.Fprintf(&b, "b%v", v.Bool)
		case ir.Number:
			fmt.Fprintf(&b, "d%q", v.Number)
		case ir.String:
			fmt.Fprintf(&b, "s%q", v.String)
		case ir.Array:
			b.WriteString("[")
			for _, e := range v.Array {
				walk(e)
				b.WriteString(",")
			}
			b.WriteString("]")
		default:
			b.WriteString("{")
			for _, m := range v.Object {
				fmt.Fprintf(&b, "%q:", m.Key)
				walk(m.Value)
				b.WriteString(",")
			}
			b.WriteString("}")
		}
	}
	for _, v := range vs {
		walk(v)
		b.WriteString(";")
	}
	return b.String()
}
