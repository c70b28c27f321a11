// Package templates holds the files skillgen renders: static Go behaviour and runtime sources
// (go/*.go.tmpl, emitted with their package clause replaced) and the TypeScript templates
// (ts/*.tmpl, text/template, one define per construct, logic-free).
package templates

import "embed"

// FS holds go/ and ts/.
//
//go:embed go ts
var FS embed.FS
