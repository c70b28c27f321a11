package golang

import (
	"fmt"
	"sort"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// The Go types of the user's (x-go-type, or a format mapped to a type of the standard
// library; docs/overrides.md). Such values are decoded and encoded with encoding/json, on the
// value's own JSON text, after the schema has validated that text; Validate checks the JSON
// the value encodes to. A named type whose values are the user's has no Go declaration: its
// references use the user's type.

// dateTimePattern matches RFC 3339 date-times that time.Time reads (days up to 28, no leap
// second), from which the arbitraries draw the values of format date-time mapped to time.Time.
const dateTimePattern = `^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,9})?(?:Z|[+-](?:0[0-9]|1[0-3]):[0-5][0-9])$`

// userType is the user's Go type that holds the values of r, or nil.
func userType(r *ir.TypeRef) *ir.GoType {
	switch {
	case r == nil:
		return nil
	case r.Go != nil:
		return r.Go
	case r.Kind == ir.RefNamed && r.Named != nil:
		return r.Named.GoUser
	}
	return nil
}

// userDec decodes the values of the user's type gt: the predeclared types as the generated
// code reads their JSON types (an integer written 1e2 or 1.0 included), the others with
// encoding/json.
func userDec(gt *ir.GoType) jen.Code {
	if gt.Path == "" {
		switch gt.Name {
		case "string":
			return jen.Id("sgDecString")
		case "bool":
			return jen.Id("sgDecBool")
		case "int64":
			return jen.Id("sgDecInt")
		case "float64":
			return jen.Id("sgDecFloat")
		case "int", "int8", "int16", "int32", "uint", "uint8", "uint16", "uint32", "uint64":
			return jen.Id("sgDecIntAs").Types(jen.Id(gt.Name))
		}
	}
	return jen.Id("sgDecJSON").Types(userTypeCode(gt))
}

// shapeRef is r without the user's type: the shape the schema gives the values, from which
// the arbitraries draw them. Nil when that shape is a struct, enum, union or tuple, which
// userShapes refuses before anything is written.
func shapeRef(r *ir.TypeRef) *ir.TypeRef {
	for i := 0; r != nil && i < 1000; i++ {
		cp := *r
		cp.Go = nil
		if userType(&cp) == nil {
			return &cp
		}
		if cp.Kind != ir.RefNamed || cp.Named.Kind != ir.Alias {
			return nil
		}
		r = cp.Named.Alias
	}
	return nil
}

// userShapes refuses the arbitraries of a schema where a type of the user's holds values
// the schema makes objects with members, enums, unions or tuples: the arbitraries draw the
// values of a user's type from the schema's shape, which then has no Go type to draw.
func userShapes(s *ir.Schema) error {
	for _, t := range s.Types {
		if t.Node != nil && t.Node.GoType != nil && t.Kind != ir.Alias {
			return fmt.Errorf("%s: the arbitraries cannot draw values of the x-go-type of a schema with members, enum values or alternatives; generate without the arbitraries, or move x-go-type to its members", t.Location)
		}
	}
	return nil
}

// userTyped reports whether the named type t is a type of the user's in Go, which the package
// does not declare.
func userTyped(t *ir.Type) bool {
	return userType(&ir.TypeRef{Kind: ir.RefNamed, Named: t}) != nil
}

// userTypeCode is the Go type gt.
func userTypeCode(gt *ir.GoType) *jen.Statement {
	if gt.Path == "" {
		return jen.Id(gt.Name)
	}
	return jen.Qual(gt.Path, gt.Name)
}

// goTypesOf is s without the named types that are the user's in Go.
func goTypesOf(s *ir.Schema) *ir.Schema {
	keep := s.Types[:0:0]
	for _, t := range s.Types {
		if !userTyped(t) {
			keep = append(keep, t)
		}
	}
	if len(keep) == len(s.Types) {
		return s
	}
	c := *s
	c.Types = keep
	return &c
}

// importAliases are the import paths of the user's types that are imported under a name of
// their own, with that name, sorted by path.
func importAliases(s *ir.Schema) [][2]string {
	seen := map[string]string{}
	for _, n := range s.Nodes {
		if gt := n.GoType; gt != nil && gt.Alias != "" && gt.Path != "" {
			seen[gt.Path] = gt.Alias
		}
	}
	out := make([][2]string, 0, len(seen))
	for p, a := range seen {
		out = append(out, [2]string{p, a})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}
