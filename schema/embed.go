// Package schema holds the canonical JSON Schema (draft 2020-12) of the skill-sharing protocol
// and of SuperAuditor findings, embedded so that skillgen works without a copy of it.
package schema

import "embed"

// FS holds every schema file (examples excluded), with paths relative to this folder.
//
//go:embed *.json defs/*.json
var FS embed.FS
