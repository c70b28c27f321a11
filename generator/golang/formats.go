package golang

import "github.com/skillgen/skillgen/generator/ir"

// usesFormats reports whether a validator asserts a format (ir.Node.FormatGo): the checkers of
// templates/go/formats.go.tmpl are then part of the package.
func usesFormats(s *ir.Schema) bool {
	for _, n := range s.Nodes {
		if n.FormatGo != "" && n.SameAs == nil {
			return true
		}
	}
	return false
}
