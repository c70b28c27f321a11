// Package ir is the intermediate representation between the schema loader and the emitters.
//
// The IR has two layers:
//
//   - Node: one schema location with every supported keyword, already resolved ($ref points at
//     another Node). Validators are emitted from Nodes, one function per Node, following the
//     evaluation order documented in docs/validation.md. Emitters in every language must follow
//     that order so that they report the same errors in the same order.
//   - Type: a named type the user sees (struct, enum, union, alias). Types reference Nodes for
//     validation and TypeRefs for field shapes.
//
// Every name in the IR is final: emitters never invent or adjust identifiers.
package ir

// Schema is the whole compilation unit.
type Schema struct {
	// Types are the named types, in a deterministic order (by file, then schema order).
	Types []*Type
	// Nodes are every schema location reachable from a Type, in a deterministic order.
	Nodes []*Node
	// Behaviours are the optional behaviour packs a schema turned on with the
	// "x-skillgen-behaviour" annotation (for example "skill-protocol", "superauditor"), sorted.
	Behaviours []string
	// Sources lists the schema files, relative to the schema root, sorted.
	Sources []string
	// Tools are the tool descriptors asked for with "x-skillgen-tool", in schema order.
	Tools []*Tool
}

// Value is a JSON value decoded with numbers kept as their literal text (json.Number) and
// objects as ordered members. It is used for enum, const and default values.
type Value struct {
	Kind   ValueKind
	Bool   bool
	Number string // the literal, e.g. "1", "1.5e3"
	String string
	Array  []Value
	Object []Member
}

// Member is one key of an object Value, in document order.
type Member struct {
	Key   string
	Value Value
}

// ValueKind is the JSON type of a Value.
type ValueKind int

// The JSON value kinds.
const (
	Null ValueKind = iota
	Bool
	Number
	String
	Array
	Object
)

// Number is a numeric keyword value: the literal from the schema and its float64 value.
type NumberLit struct {
	Literal string
	Float   float64
}

// Node is one schema location.
type Node struct {
	// Location is "file.json#/json/pointer" relative to the schema root; it names the
	// location in messages and is the key the names are derived from.
	Location string
	// GoFunc and TSFunc are the names of this node's validator function.
	GoFunc string
	TSFunc string
	// Type is the named type whose root this node is, or nil.
	Type *Type
	// SameAs is set when an earlier node validates exactly like this one: GoFunc and TSFunc
	// are then that node's, and emitters write no validator for this node.
	SameAs *Node
	// GoAnnFunc and TSAnnFunc name the variant of this node's validator that also reports the
	// properties and items it evaluated (when the value is valid); set only for the nodes an
	// unevaluatedProperties or unevaluatedItems keyword can observe, empty otherwise.
	GoAnnFunc string
	TSAnnFunc string

	// Bool is set for the boolean schemas true and false.
	Bool *bool

	Ref *Node
	// DynamicRef is the schema a "$dynamicRef" or "$recursiveRef" resolves to in the dynamic
	// scope this node is validated in (docs/validation.md, "Dynamic references"); nil when
	// absent. It applies in place, right after Ref.
	DynamicRef *Node
	// Scope names the dynamic scope a node is specialized for when its validation depends on
	// it (a dynamic reference is reachable from it): the same location is then validated by
	// one node per scope. Empty for every other node.
	Scope string

	// Types lists the allowed JSON types ("null", "boolean", "object", "array", "number",
	// "string", "integer") in schema order; empty means any.
	Types []string
	Enum  []Value
	Const *Value

	// Objects.
	Properties           []Property
	Required             []string
	AdditionalProperties *Node // nil when absent
	PatternProperties    []PatternProperty
	PropertyNames        *Node
	MinProperties        *int64
	MaxProperties        *int64
	DependentRequired    []Dependency
	// DependentSchemas: when the property is present, the schema applies to the whole object.
	DependentSchemas []DependentSchema
	// UnevaluatedProperties applies to the keys no adjacent keyword and no valid in-place
	// subschema evaluated (see docs/validation.md); nil when absent.
	UnevaluatedProperties *Node

	// Arrays.
	PrefixItems []*Node
	Items       *Node
	MinItems    *int64
	MaxItems    *int64
	UniqueItems bool
	// Contains: the number of items it accepts must be at least MinContains (absent: 1) and at
	// most MaxContains (absent: no bound). MinContains and MaxContains are nil without Contains.
	Contains    *Node
	MinContains *int64
	MaxContains *int64
	// UniqueBy is the skillgen extension "x-unique-by": the items of the array are objects and
	// no two items may have equal values at this property.
	UniqueBy string
	// UnevaluatedItems applies to the items no adjacent keyword and no valid in-place
	// subschema evaluated; nil when absent.
	UnevaluatedItems *Node

	// Strings. Lengths count Unicode code points.
	MinLength *int64
	MaxLength *int64
	Pattern   *Pattern
	Format    string // the format's name
	// FormatGo and FormatTS name the checker of Format (templates/go/formats.go.tmpl,
	// templates/ts/formats.ts) when the format is asserted (-assert-format, or the
	// format-assertion vocabulary); empty when format is an annotation only.
	FormatGo string
	FormatTS string

	// Numbers.
	Minimum          *NumberLit
	Maximum          *NumberLit
	ExclusiveMinimum *NumberLit
	ExclusiveMaximum *NumberLit
	MultipleOf       *NumberLit

	// Applicators.
	AllOf []*Node
	AnyOf []*Node
	OneOf []*Node
	Not   *Node
	If    *Node
	Then  *Node
	Else  *Node

	// Discriminator is set when AnyOf or OneOf is a tagged union: every branch is an object
	// that requires Property with a distinct string const. Validators dispatch on it instead of
	// trying each branch; the verdict is the same.
	Discriminator *Discriminator
	// Decider is set when AnyOf or OneOf (Decider.Keyword) has no Discriminator but each of its
	// branches gives one property (Decider.Property) a distinct string const: a document whose
	// value of that property is one of them names its branch. Validators still try every
	// branch (the verdict is the JSON Schema one); when none matches, the violations reported
	// are those of the named branch alone (docs/validation.md, "Unions").
	Decider *Discriminator

	Title       string
	Description string
	Default     *Value

	// Overrides (docs/overrides.md), read from the schema's own keywords and checked by the
	// builder. GoName is "x-go-name" (the Go name of the type or member); GoType is
	// "x-go-type" with "x-go-type-import", or the Go type a mapped format gives; TSType is
	// "tsType", the TypeScript type as written; EnumNames name the members of an enum
	// ("x-enum-varnames", "tsEnumNames", or the titles of a oneOf/anyOf of consts), one per
	// value of Enum (or per branch), empty when not named.
	GoName      string
	GoType      *GoType
	TSType      string
	GoEnumNames []string
	TSEnumNames []string
}

// GoType is a Go type of the user's: Name ("Time", or "[]byte"-like text when Path is empty)
// from the package at Path, imported under Alias when it is set. Its values are decoded and
// encoded with encoding/json (its UnmarshalJSON and MarshalJSON, when it has them).
type GoType struct {
	Path  string
	Alias string
	Name  string
}

// Property is one entry of "properties".
type Property struct {
	Name   string
	Schema *Node
}

// PatternProperty is one entry of "patternProperties".
type PatternProperty struct {
	Pattern *Pattern
	Schema  *Node
}

// Pattern is a regular expression, already checked to compile under RE2 (Go) and ECMAScript
// with the "u" flag. GoVar and TSVar name the package-level variable holding it.
//
// A pattern that begins with lookaheads ("^(?!a)(?=b)c"), which RE2 does not have, is also held
// apart: Ahead lists the lookaheads, each a pattern anchored at the start of the string, and
// Rest the pattern after them ("^c"), all of which RE2 compiles; a string matches Source when
// every lookahead matches it (a negative one: does not) and Rest does. ECMAScript reads Source
// as it is. Ahead is empty for every other pattern.
type Pattern struct {
	Source string
	GoVar  string
	TSVar  string
	Ahead  []Lookahead
	Rest   string
}

// Lookahead is one leading lookahead of a Pattern.
type Lookahead struct {
	Source   string // anchored: "^(?:…)"
	Negative bool   // (?!…), else (?=…)
}

// Dependency is one entry of "dependentRequired".
type Dependency struct {
	Property string
	Requires []string
}

// DependentSchema is one entry of "dependentSchemas".
type DependentSchema struct {
	Property string
	Schema   *Node
}

// Discriminator describes a tagged union; see Node.Discriminator.
type Discriminator struct {
	Keyword  string // "anyOf" or "oneOf"
	Property string
	Values   []string // one per branch, in branch order
}

// TypeKind is the kind of a named type.
type TypeKind int

// The kinds of named types.
const (
	// Struct is a JSON object with declared properties (from "properties", "required", a closed
	// "additionalProperties", or the object schemas of an allOf merged into one).
	Struct TypeKind = iota
	// Enum is a closed set of strings, numbers or booleans (Type.EnumBase says which).
	Enum
	// Union is one of several shapes: Type.Dispatch says how a document picks its variant.
	Union
	// Alias is a named type over a TypeRef (string, number, array, map, any ...).
	Alias
	// Tuple is an array whose first items have types of their own (prefixItems): Fields are the
	// positions (JSONName "0", "1" ...; Required for those below minItems), Rest the type of the
	// items after them.
	Tuple
)

// Dispatch is how the decoder of a Union picks the variant of a document.
type Dispatch int

// The ways a union picks its variant.
const (
	// ByTag: the variants are objects told apart by the string const of one property
	// (Branches.Discriminator).
	ByTag Dispatch = iota
	// ByKind: every variant takes values of JSON types no other variant takes (a string, an
	// integer, an array ...), except variants of the same JSON type, which are told apart by
	// validation as with ByValidation.
	ByKind
	// ByValidation: the variant is the first one (anyOf) or the only one (oneOf) whose schema
	// accepts the document.
	ByValidation
)

// Holder is how Go holds a member or item that may be absent or null. The builder decides it
// once for every field and item; the Go emitters only read it.
type Holder int

// The Go holders.
const (
	// HoldValue: the Go type itself. Required members that cannot be null, and members whose Go
	// type has a nil of its own (slices, maps, any) when that nil has one meaning only: absent
	// for an optional member, null for a required one.
	HoldValue Holder = iota
	// HoldPointer: *T, nil when the member is absent (optional) or null (required and nullable).
	HoldPointer
	// HoldOptNil: OptNil[T] (in the generated runtime), for an optional member whose schema also
	// allows null, so that absent and null stay apart.
	HoldOptNil
)

// Type is a named type.
type Type struct {
	Kind   TypeKind
	GoName string
	TSName string
	// Doc is the comment: the title and description joined, raw (emitters escape it).
	Doc  string
	Node *Node
	// Location is the node's location, for messages.
	Location string

	// Nullable: the schema also accepts null, which the Go and TypeScript types leave out. Every
	// reference to the type is nullable (*T or OptNil[T] in Go, T | null in TypeScript), and so
	// is the type's own parse: Go's ParseT returns a *T (nil for a null document), TypeScript's
	// functions of the type (parseT, checkT, isT) are over T | null.
	Nullable bool
	// Only: the type is the variant of a union of JSON types for some of them (one type of a
	// "type" list, or an anyOf branch that the union's "type" narrows): its node accepts other
	// values too, which the union's other variants hold. The type holds values of these JSON
	// types only (as Variant.Kinds: "object", "array" …): decoding (Go) and validateT
	// (TypeScript) refuse any other value with a "type" error at its pointer. Nil: the type
	// holds every value its node accepts (but null when Nullable).
	Only []string
	// NotObjectGoName is set for a Struct whose schema declares members ("properties",
	// "required") without "type": "object", and so accepts values of every other JSON type too:
	// Go keeps such a value, as its JSON text, in the field of this name (nil for an object);
	// TypeScript declares the type as the union of the interface TSObjectName (the objects) and
	// the other JSON values. Both are "" for other types.
	NotObjectGoName, TSObjectName string

	// Struct and Tuple.
	Fields []*Field
	// Extra is the type of the values of keys not in Fields (additionalProperties or
	// patternProperties allow them); nil when the schema closes the object. Go keeps them in a
	// field named ExtraGoName; TypeScript uses an index signature.
	Extra       *TypeRef
	ExtraGoName string

	// Enum.
	Values []EnumValue
	// EnumBase is the JSON type of the values: RefInteger, RefNumber, or (any other value)
	// strings.
	EnumBase RefKind

	// Union.
	Variants []Variant
	Dispatch Dispatch
	// Branches is the node whose anyOf or oneOf the variants are: Node, or the schema Node
	// leads to through a $ref or an allOf of one branch (a named schema that wraps a union).
	Branches *Node
	// GoTag names the Go string type of the variants' tags (ShapeTag); every variant has a
	// constant of it (Variant.GoTag) and a constructor (Variant.GoNew).
	GoTag string

	// Alias. RefOnly: the schema is only a reference to the named type Alias.Named (nothing
	// beside it that validates), so that the two are one type (in Go, type A = B).
	Alias   *TypeRef
	RefOnly bool

	// Tuple: Rest is the type of the items after Fields, nil when the schema allows none
	// ("items": false); Go keeps them in the field RestGoName.
	Rest       *TypeRef
	RestGoName string

	// GoUser is the Go type of the user's that stands for this type (its node's x-go-type or
	// mapped format, or that of the type it is an alias of); nil for every other type.
	GoUser *GoType
}

// Field is one property of a Struct.
type Field struct {
	JSONName string
	GoName   string
	TSName   string // the property key as written in TypeScript (quoted if needed)
	Doc      string
	Required bool
	// Nullable: the schema allows null as well as the Type.
	Nullable bool
	// Hold is how Go holds the member (value, pointer or OptNil), decided once by the builder.
	Hold Holder
	// Const is set when the property's schema is a single const string (a union's
	// discriminator, for example): TypeScript types it as the literal; Go has no field for a
	// required one (GoName is empty; MarshalJSON writes the value itself) and a *string for an
	// optional one, so that an absent member stays absent.
	Const *string
	Type  *TypeRef
	// Default is the schema's default, if any.
	Default *Value
	// GoGetter names the accessor that returns the default when the field is absent; empty
	// when there is no default.
	GoGetter string
}

// EnumValue is one member of an Enum.
type EnumValue struct {
	// Value is the string of a string enum, or the JSON literal of a number or boolean ("1",
	// "2.5", "true").
	Value  string
	GoName string // the constant's name, e.g. AccessPublic
	// TSName is the member's name in the TypeScript object of the enum's named members
	// (tsEnumNames, x-enum-varnames or titles); empty when the members are not named.
	TSName string
}

// Variant is one branch of a Union.
type Variant struct {
	// Value is the variant's tag: the discriminator value (ByTag), or the variant's Go name.
	Value  string
	GoName string // the union struct's field for this variant
	// Type is the variant's named type, when it has one (always, for ByTag).
	Type *Type
	// Ref is the shape of the variant's values (RefNamed to Type when it has one).
	Ref *TypeRef
	// Node is the branch schema (for ByValidation, the schema the document must pass).
	Node *Node
	// Kinds are the JSON types the variant takes ("boolean", "string", "integer", "number",
	// "array", "object"; "number" includes the integers).
	Kinds []string
	// Shared: another variant takes values of a JSON type of this one, so that a value of such a
	// type picks this variant only when its schema (Node) accepts it.
	Shared bool
	// GoTag is the name of the tag constant, GoNew the name of the constructor.
	GoTag string
	GoNew string
}

// RefKind is the kind of a TypeRef.
type RefKind int

// The kinds of type references.
const (
	RefNamed RefKind = iota
	RefString
	RefInteger // Go int64, TS number
	RefNumber  // Go float64, TS number
	RefBool
	RefAny   // Go any (numbers as json.Number), TS unknown
	RefArray // Elem
	RefMap   // Elem: map from string
	RefNull  // only null
)

// TypeRef is the shape of a field, array element, map value or alias.
type TypeRef struct {
	Kind  RefKind
	Named *Type
	Elem  *TypeRef
	// Nullable: null is allowed as well (Go uses a pointer, TS adds "| null").
	Nullable bool
	// Ptr: Go holds the value through a pointer (nullable, and its Go type has no nil of its
	// own), decided by the builder for items, map values and aliases.
	Ptr bool
	// Node is the schema node this shape was inferred from; its constraints (and those along
	// its $ref chain) bound the values arbitraries may produce.
	Node *Node
	// Degraded says, for a RefAny, why the schema's values got no type of their own ("" when
	// the schema allows any value there).
	Degraded string
	// Go is set when Go holds the values in a type of the user's (x-go-type, or a mapped
	// format): Kind is then the shape the schema gives them, which TypeScript uses.
	Go *GoType
	// TS is set when TypeScript writes the values' type as this text (tsType).
	TS string
}

// GoNil reports whether the Go type of r (ignoring Ptr) has a nil of its own: slices, maps,
// any, and named types over them.
func (r *TypeRef) GoNil() bool {
	for i := 0; r != nil && i < 1000; i++ {
		if r.Go != nil {
			return false
		}
		switch r.Kind {
		case RefArray, RefMap, RefAny, RefNull:
			return true
		case RefNamed:
			if r.Named == nil || r.Named.Kind != Alias || r.Named.Alias == nil {
				return false
			}
			if r.Named.Alias.Ptr {
				return true
			}
			r = r.Named.Alias
			continue
		}
		return false
	}
	return false
}

// File is one output file: a path relative to the output folder, and its content.
type File struct {
	Path string
	Data []byte
}

// InPlace lists the subschemas a node applies to the value itself (not to a member or an
// item): $ref, $dynamicRef, allOf, anyOf, oneOf, not, if, then, else and dependentSchemas, in that order.
func (n *Node) InPlace() []*Node {
	var out []*Node
	if n.Ref != nil {
		out = append(out, n.Ref)
	}
	if n.DynamicRef != nil {
		out = append(out, n.DynamicRef)
	}
	out = append(out, n.AllOf...)
	out = append(out, n.AnyOf...)
	out = append(out, n.OneOf...)
	for _, s := range []*Node{n.Not, n.If, n.Then, n.Else} {
		if s != nil {
			out = append(out, s)
		}
	}
	for _, d := range n.DependentSchemas {
		out = append(out, d.Schema)
	}
	return out
}

// Subschemas lists every subschema of a node: the in-place ones, then those applied to
// members and items, in a fixed order.
func (n *Node) Subschemas() []*Node {
	out := n.InPlace()
	for _, p := range n.Properties {
		out = append(out, p.Schema)
	}
	for _, p := range n.PatternProperties {
		out = append(out, p.Schema)
	}
	out = append(out, n.PrefixItems...)
	for _, s := range []*Node{n.AdditionalProperties, n.PropertyNames, n.Items, n.Contains, n.UnevaluatedProperties, n.UnevaluatedItems} {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}
