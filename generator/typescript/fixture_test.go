package typescript

import (
	"fmt"

	"github.com/skillgen/skillgen/generator/ir"
)

// builder assembles IR by hand, the way generator.Build names things.
type builder struct {
	s   *ir.Schema
	pat int
}

func (b *builder) node(loc string, fill func(n *ir.Node)) *ir.Node {
	n := &ir.Node{Location: "test.json#" + loc}
	if fill != nil {
		fill(n)
	}
	n.TSFunc = fmt.Sprintf("validateNode%d", len(b.s.Nodes))
	n.GoFunc = n.TSFunc
	b.s.Nodes = append(b.s.Nodes, n)
	return n
}

func (b *builder) pattern(src string) *ir.Pattern {
	b.pat++
	return &ir.Pattern{Source: src, TSVar: fmt.Sprintf("pattern%d", b.pat), GoVar: fmt.Sprintf("pattern%d", b.pat)}
}

func (b *builder) named(kind ir.TypeKind, name, doc string, n *ir.Node) *ir.Type {
	t := &ir.Type{Kind: kind, GoName: name, TSName: name, Doc: doc, Node: n, Location: n.Location}
	n.Type = t
	b.s.Types = append(b.s.Types, t)
	return t
}

func i64(v int64) *int64 { return &v }

func num(lit string, f float64) *ir.NumberLit { return &ir.NumberLit{Literal: lit, Float: f} }

func strVal(s string) ir.Value { return ir.Value{Kind: ir.String, String: s} }

func boolNode(b *builder, loc string, v bool) *ir.Node {
	return b.node(loc, func(n *ir.Node) { n.Bool = &v })
}

func prop(name string, n *ir.Node) ir.Property { return ir.Property{Name: name, Schema: n} }

func ref(t *ir.Type) *ir.TypeRef { return &ir.TypeRef{Kind: ir.RefNamed, Named: t} }

func scalar(k ir.RefKind) *ir.TypeRef { return &ir.TypeRef{Kind: k} }

// fixture is a small schema that exercises every keyword the validators know.
func fixture() *ir.Schema {
	b := &builder{s: &ir.Schema{}}

	// Access: an enum.
	accessN := b.node("/$defs/Access", func(n *ir.Node) {
		n.Types = []string{"string"}
		n.Enum = []ir.Value{strVal("public"), strVal("restricted"), strVal("private")}
	})
	access := b.named(ir.Enum, "Access", "Who may see a skill.\nIt ends a comment: */ and a line\u2028separator.", accessN)
	access.Values = []ir.EnumValue{{Value: "public", GoName: "AccessPublic"}, {Value: "restricted", GoName: "AccessRestricted"}, {Value: "private", GoName: "AccessPrivate"}}

	// SkillID: a string alias with a pattern.
	idN := b.node("/$defs/SkillID", func(n *ir.Node) {
		n.Types = []string{"string"}
		n.Pattern = b.pattern("^[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?$")
		n.MaxLength = i64(128)
	})
	skillID := b.named(ir.Alias, "SkillID", "A skill identifier.", idN)
	skillID.Alias = scalar(ir.RefString)

	// APIKeyAuth / NoAuth and the Auth union.
	constType := func(loc, v string) *ir.Node {
		return b.node(loc, func(n *ir.Node) { c := strVal(v); n.Const = &c })
	}
	falseN := boolNode(b, "/$defs/APIKeyAuth/additionalProperties", false)
	apiType := constType("/$defs/APIKeyAuth/properties/type", "api_key")
	apiIn := b.node("/$defs/APIKeyAuth/properties/in", func(n *ir.Node) {
		n.Types = []string{"string"}
		n.Enum = []ir.Value{strVal("header"), strVal("query")}
	})
	apiName := b.node("/$defs/APIKeyAuth/properties/name", func(n *ir.Node) {
		n.Types = []string{"string"}
		n.MinLength = i64(1)
		n.MaxLength = i64(8)
	})
	apiN := b.node("/$defs/APIKeyAuth", func(n *ir.Node) {
		n.Types = []string{"object"}
		n.Required = []string{"type", "in", "name"}
		n.Properties = []ir.Property{prop("type", apiType), prop("in", apiIn), prop("name", apiName)}
		n.AdditionalProperties = falseN
	})
	apiKeyIn := b.named(ir.Enum, "APIKeyAuthIn", "", apiIn)
	apiKeyIn.Values = []ir.EnumValue{{Value: "header", GoName: "APIKeyAuthInHeader"}, {Value: "query", GoName: "APIKeyAuthInQuery"}}
	apiConst := "api_key"
	api := b.named(ir.Struct, "APIKeyAuth", "", apiN)
	api.Fields = []*ir.Field{
		{JSONName: "type", TSName: "type", Required: true, Const: &apiConst},
		{JSONName: "in", TSName: "in", Required: true, Type: ref(apiKeyIn)},
		{JSONName: "name", TSName: "name", Required: true, Type: scalar(ir.RefString), Doc: "Header or query parameter name."},
	}
	noneType := constType("/$defs/NoAuth/properties/type", "none")
	noneN := b.node("/$defs/NoAuth", func(n *ir.Node) {
		n.Types = []string{"object"}
		n.Required = []string{"type"}
		n.Properties = []ir.Property{prop("type", noneType)}
		n.AdditionalProperties = falseN
	})
	noneConst := "none"
	none := b.named(ir.Struct, "NoAuth", "", noneN)
	none.Fields = []*ir.Field{{JSONName: "type", TSName: "type", Required: true, Const: &noneConst}}
	br1 := b.node("/$defs/Auth/oneOf/0", func(n *ir.Node) { n.Ref = apiN })
	br2 := b.node("/$defs/Auth/oneOf/1", func(n *ir.Node) { n.Ref = noneN })
	authN := b.node("/$defs/Auth", func(n *ir.Node) {
		n.OneOf = []*ir.Node{br1, br2}
		n.Discriminator = &ir.Discriminator{Keyword: "oneOf", Property: "type", Values: []string{"api_key", "none"}}
	})
	auth := b.named(ir.Union, "Auth", "How to authenticate.", authN)
	auth.Variants = []ir.Variant{{Value: "api_key", GoName: "APIKey", Type: api}, {Value: "none", GoName: "None", Type: none}}

	// Tree: a recursive struct.
	var treeN *ir.Node
	treeLabel := b.node("/$defs/Tree/properties/label", func(n *ir.Node) { n.Types = []string{"string"}; n.MaxLength = i64(3) })
	treeKids := b.node("/$defs/Tree/properties/children", func(n *ir.Node) { n.Types = []string{"array"} })
	treeN = b.node("/$defs/Tree", func(n *ir.Node) {
		n.Types = []string{"object"}
		n.Required = []string{"label"}
		n.Properties = []ir.Property{prop("label", treeLabel), prop("children", treeKids)}
	})
	treeItem := b.node("/$defs/Tree/properties/children/items", func(n *ir.Node) { n.Ref = treeN })
	treeKids.Items = treeItem
	tree := b.named(ir.Struct, "Tree", "A recursive type.", treeN)
	tree.Extra = scalar(ir.RefAny)
	tree.Fields = []*ir.Field{
		{JSONName: "label", TSName: "label", Required: true, Type: scalar(ir.RefString)},
		{JSONName: "children", TSName: "children", Type: &ir.TypeRef{Kind: ir.RefArray, Elem: ref(tree)}},
	}

	// Counts: a map alias with propertyNames.
	countVal := b.node("/$defs/Counts/additionalProperties", func(n *ir.Node) { n.Types = []string{"integer"}; n.Minimum = num("1", 1) })
	countNames := b.node("/$defs/Counts/propertyNames", func(n *ir.Node) { n.Ref = accessN })
	countsN := b.node("/$defs/Counts", func(n *ir.Node) {
		n.Types = []string{"object"}
		n.AdditionalProperties = countVal
		n.PropertyNames = countNames
	})
	counts := b.named(ir.Alias, "Counts", "", countsN)
	counts.Alias = &ir.TypeRef{Kind: ir.RefMap, Elem: scalar(ir.RefInteger)}

	// Everything: a struct using the remaining keywords.
	fID := b.node("/properties/id", func(n *ir.Node) { n.Ref = idN })
	fPrice := b.node("/properties/price", func(n *ir.Node) {
		n.Types = []string{"number"}
		n.ExclusiveMinimum = num("0", 0)
		n.Maximum = num("1000", 1000)
		n.MultipleOf = num("0.0001", 0.0001)
	})
	fCount := b.node("/properties/count", func(n *ir.Node) {
		n.Types = []string{"integer", "null"}
		n.Minimum = num("-5", -5)
		n.ExclusiveMaximum = num("100", 100)
		n.MultipleOf = num("5", 5)
	})
	fTagsItem := b.node("/properties/tags/items", func(n *ir.Node) { n.Types = []string{"string"}; n.MinLength = i64(1); n.MaxLength = i64(4) })
	fTags := b.node("/properties/tags", func(n *ir.Node) {
		n.Types = []string{"array"}
		n.Items = fTagsItem
		n.UniqueItems = true
		n.MaxItems = i64(5)
	})
	fAuth := b.node("/properties/auth", func(n *ir.Node) { n.Ref = authN })
	fAuths := b.node("/properties/auths", func(n *ir.Node) {
		n.Types = []string{"array"}
		n.Items = b.node("/properties/auths/items", func(m *ir.Node) { m.Ref = apiN })
		n.UniqueBy = "name"
		n.MinItems = i64(1)
	})
	fMeta := b.node("/properties/meta", nil)
	fStarted := b.node("/properties/started", func(n *ir.Node) { n.Types = []string{"boolean"} })
	fDone := b.node("/properties/done", func(n *ir.Node) { n.Types = []string{"boolean"} })
	fProto := b.node("/properties/__proto__", func(n *ir.Node) { n.Types = []string{"string"} })
	fSlash := b.node("/properties/a~1b", func(n *ir.Node) { n.Types = []string{"integer"} })
	xPat := b.pattern("^x-")
	fX := b.node("/patternProperties/^x-", func(n *ir.Node) { n.Types = []string{"string"} })
	ifN := b.node("/allOf/0/if", func(n *ir.Node) {
		n.Required = []string{"done"}
		n.Properties = []ir.Property{prop("done", b.node("/allOf/0/if/properties/done", func(m *ir.Node) { c := ir.Value{Kind: ir.Bool, Bool: true}; m.Const = &c }))}
	})
	thenN := b.node("/allOf/0/then", func(n *ir.Node) { n.Required = []string{"count"} })
	all0 := b.node("/allOf/0", func(n *ir.Node) { n.If = ifN; n.Then = thenN })
	notN := b.node("/not", func(n *ir.Node) { n.Required = []string{"forbidden"} })
	evN := b.node("", func(n *ir.Node) {
		n.Types = []string{"object"}
		n.Required = []string{"id", "price", "auth"}
		n.Properties = []ir.Property{prop("id", fID), prop("price", fPrice), prop("count", fCount), prop("tags", fTags),
			prop("auth", fAuth), prop("auths", fAuths), prop("meta", fMeta), prop("started", fStarted), prop("done", fDone),
			prop("__proto__", fProto), prop("a/b", fSlash)}
		n.PatternProperties = []ir.PatternProperty{{Pattern: xPat, Schema: fX}}
		n.AdditionalProperties = boolNode(b, "/additionalProperties", false)
		n.MaxProperties = i64(20)
		n.DependentRequired = []ir.Dependency{{Property: "done", Requires: []string{"started"}}}
		n.AllOf = []*ir.Node{all0}
		n.Not = notN
	})
	ev := b.named(ir.Struct, "Everything", "Every keyword at once.", evN)
	ev.Extra = scalar(ir.RefString)
	ev.Fields = []*ir.Field{
		{JSONName: "id", TSName: "id", Required: true, Type: ref(skillID)},
		{JSONName: "price", TSName: "price", Required: true, Type: scalar(ir.RefNumber)},
		{JSONName: "count", TSName: "count", Nullable: true, Type: scalar(ir.RefInteger)},
		{JSONName: "tags", TSName: "tags", Type: &ir.TypeRef{Kind: ir.RefArray, Elem: scalar(ir.RefString)}},
		{JSONName: "auth", TSName: "auth", Required: true, Type: ref(auth)},
		{JSONName: "auths", TSName: "auths", Type: &ir.TypeRef{Kind: ir.RefArray, Elem: ref(api)}},
		{JSONName: "meta", TSName: "meta", Type: scalar(ir.RefAny)},
		{JSONName: "started", TSName: "started", Type: scalar(ir.RefBool)},
		{JSONName: "done", TSName: "done", Type: scalar(ir.RefBool)},
		{JSONName: "__proto__", TSName: `"__proto__"`, Type: scalar(ir.RefString)},
		{JSONName: "a/b", TSName: `"a/b"`, Type: scalar(ir.RefInteger)},
	}
	return b.s
}
