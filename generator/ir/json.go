package ir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Tool is a tool descriptor a schema asks for with "x-skillgen-tool" on a parameters object:
// servers register it directly (name, description, and the parameters' JSON Schema).
type Tool struct {
	Name        string
	Description string
	Params      *Node
	// GoName and TSName name the constant holding the descriptor's JSON.
	GoName string
	TSName string
}

// ToolJSON renders the tool descriptor: {"name", "description", "inputSchema"}, with the
// parameters' schema self-contained (references inlined).
func (t *Tool) ToolJSON() ([]byte, error) {
	schema, err := t.Params.SchemaJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"name":`)
	writeString(&b, t.Name)
	b.WriteString(`,"description":`)
	writeString(&b, t.Description)
	b.WriteString(`,"inputSchema":`)
	b.Write(schema)
	b.WriteString(`}`)
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// SchemaJSON renders the node as a self-contained draft 2020-12 schema (compact JSON): every
// $ref is replaced by its target. A reference cycle cannot be inlined and is an error.
func (n *Node) SchemaJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"$schema":"https://json-schema.org/draft/2020-12/schema",`)
	inner, err := n.schemaJSON(map[*Node]bool{})
	if err != nil {
		return nil, err
	}
	b.Write(inner[1:])
	if b.Bytes()[b.Len()-2] == ',' {
		// {"$schema": …,} for an empty schema
		raw := b.Bytes()
		return append(raw[:len(raw)-2], '}'), nil
	}
	return b.Bytes(), nil
}

func writeString(b *bytes.Buffer, s string) {
	data, _ := json.Marshal(s)
	b.Write(data)
}

func writeValue(b *bytes.Buffer, v Value) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Number:
		b.WriteString(v.Number)
	case String:
		writeString(b, v.String)
	case Array:
		b.WriteByte('[')
		for i, e := range v.Array {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, e)
		}
		b.WriteByte(']')
	default:
		b.WriteByte('{')
		for i, m := range v.Object {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, m.Key)
			b.WriteByte(':')
			writeValue(b, m.Value)
		}
		b.WriteByte('}')
	}
}

// refs lists the node's references: $ref, then the dynamic reference.
func (n *Node) refs() []*Node {
	var out []*Node
	for _, r := range []*Node{n.Ref, n.DynamicRef} {
		if r != nil {
			out = append(out, r)
		}
	}
	return out
}

func (n *Node) schemaJSON(active map[*Node]bool) ([]byte, error) {
	if n.Bool != nil {
		return []byte(strconv.FormatBool(*n.Bool)), nil
	}
	if active[n] {
		return nil, fmt.Errorf("%s: a reference cycle cannot be inlined", n.Location)
	}
	active[n] = true
	defer delete(active, n)
	var b bytes.Buffer
	first := true
	key := func(k string) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeString(&b, k)
		b.WriteByte(':')
	}
	sub := func(k string, s *Node) error {
		if s == nil {
			return nil
		}
		data, err := s.schemaJSON(active)
		if err != nil {
			return err
		}
		key(k)
		b.Write(data)
		return nil
	}
	list := func(k string, nodes []*Node) error {
		if len(nodes) == 0 {
			return nil
		}
		key(k)
		b.WriteByte('[')
		for i, s := range nodes {
			if i > 0 {
				b.WriteByte(',')
			}
			data, err := s.schemaJSON(active)
			if err != nil {
				return err
			}
			b.Write(data)
		}
		b.WriteByte(']')
		return nil
	}
	// schemaMap writes a keyword whose value maps names to schemas (properties,
	// patternProperties, dependentSchemas).
	schemaMap := func(k string, n int, name func(int) string, schema func(int) *Node) error {
		if n == 0 {
			return nil
		}
		key(k)
		b.WriteByte('{')
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(&b, name(i))
			b.WriteByte(':')
			data, err := schema(i).schemaJSON(active)
			if err != nil {
				return err
			}
			b.Write(data)
		}
		b.WriteByte('}')
		return nil
	}
	strs := func(k string, ss []string) {
		key(k)
		b.WriteByte('[')
		for i, s := range ss {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(&b, s)
		}
		b.WriteByte(']')
	}
	count := func(k string, v *int64) {
		if v != nil {
			key(k)
			b.WriteString(strconv.FormatInt(*v, 10))
		}
	}
	number := func(k string, v *NumberLit) {
		if v != nil {
			key(k)
			b.WriteString(v.Literal)
		}
	}
	b.WriteByte('{')
	if refs := n.refs(); len(refs) > 0 {
		// The targets' keywords and ours all apply: allOf says so without merging. A dynamic
		// reference is inlined as its target in the node's dynamic scope.
		key("allOf")
		b.WriteByte('[')
		for i, r := range refs {
			data, err := r.schemaJSON(active)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(data)
		}
		b.WriteByte(']')
	}
	if n.Title != "" {
		key("title")
		writeString(&b, n.Title)
	}
	if n.Description != "" {
		key("description")
		writeString(&b, n.Description)
	}
	if len(n.Types) == 1 {
		key("type")
		writeString(&b, n.Types[0])
	} else if len(n.Types) > 1 {
		strs("type", n.Types)
	}
	if n.Enum != nil {
		key("enum")
		writeValue(&b, Value{Kind: Array, Array: n.Enum})
	}
	if n.Const != nil {
		key("const")
		writeValue(&b, *n.Const)
	}
	if n.Default != nil {
		key("default")
		writeValue(&b, *n.Default)
	}
	count("minLength", n.MinLength)
	count("maxLength", n.MaxLength)
	if n.Pattern != nil {
		key("pattern")
		writeString(&b, n.Pattern.Source)
	}
	if n.Format != "" {
		key("format")
		writeString(&b, n.Format)
	}
	number("minimum", n.Minimum)
	number("maximum", n.Maximum)
	number("exclusiveMinimum", n.ExclusiveMinimum)
	number("exclusiveMaximum", n.ExclusiveMaximum)
	number("multipleOf", n.MultipleOf)
	if err := schemaMap("properties", len(n.Properties), func(i int) string { return n.Properties[i].Name }, func(i int) *Node { return n.Properties[i].Schema }); err != nil {
		return nil, err
	}
	if n.Required != nil {
		strs("required", n.Required)
	}
	if err := schemaMap("patternProperties", len(n.PatternProperties), func(i int) string { return n.PatternProperties[i].Pattern.Source }, func(i int) *Node { return n.PatternProperties[i].Schema }); err != nil {
		return nil, err
	}
	if err := sub("additionalProperties", n.AdditionalProperties); err != nil {
		return nil, err
	}
	if err := sub("propertyNames", n.PropertyNames); err != nil {
		return nil, err
	}
	count("minProperties", n.MinProperties)
	count("maxProperties", n.MaxProperties)
	if len(n.DependentRequired) > 0 {
		key("dependentRequired")
		b.WriteByte('{')
		for i, d := range n.DependentRequired {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(&b, d.Property)
			b.WriteByte(':')
			b.WriteByte('[')
			for j, r := range d.Requires {
				if j > 0 {
					b.WriteByte(',')
				}
				writeString(&b, r)
			}
			b.WriteByte(']')
		}
		b.WriteByte('}')
	}
	if err := schemaMap("dependentSchemas", len(n.DependentSchemas), func(i int) string { return n.DependentSchemas[i].Property }, func(i int) *Node { return n.DependentSchemas[i].Schema }); err != nil {
		return nil, err
	}
	if err := sub("unevaluatedProperties", n.UnevaluatedProperties); err != nil {
		return nil, err
	}
	if err := list("prefixItems", n.PrefixItems); err != nil {
		return nil, err
	}
	if err := sub("items", n.Items); err != nil {
		return nil, err
	}
	if err := sub("contains", n.Contains); err != nil {
		return nil, err
	}
	count("minContains", n.MinContains)
	count("maxContains", n.MaxContains)
	count("minItems", n.MinItems)
	count("maxItems", n.MaxItems)
	if n.UniqueItems {
		key("uniqueItems")
		b.WriteString("true")
	}
	if n.UniqueBy != "" {
		key("x-unique-by")
		writeString(&b, n.UniqueBy)
	}
	if err := sub("unevaluatedItems", n.UnevaluatedItems); err != nil {
		return nil, err
	}
	for _, l := range []struct {
		k string
		v []*Node
	}{{"allOf", n.AllOf}, {"anyOf", n.AnyOf}, {"oneOf", n.OneOf}} {
		if len(n.refs()) > 0 && l.k == "allOf" && len(l.v) > 0 {
			return nil, fmt.Errorf("%s: $ref beside allOf cannot be inlined", n.Location)
		}
		if err := list(l.k, l.v); err != nil {
			return nil, err
		}
	}
	for _, s := range []struct {
		k string
		v *Node
	}{{"not", n.Not}, {"if", n.If}, {"then", n.Then}, {"else", n.Else}} {
		if err := sub(s.k, s.v); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
