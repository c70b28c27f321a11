// Package goparse benchmarks the Go code that skillgen generates (gen/go) at parsing and
// validating realistic documents, against encoding/json alone, a general JSON Schema
// validator and the code go-jsonschema generates for the same schema. See parse_test.go.
package goparse

import (
	"encoding/json"
	"fmt"
)

// Doc is one benchmark input.
type Doc struct {
	Name string // "SkillDescriptor/small"
	Type string // the schema's type name: "SkillDescriptor" or "FindingsResponse"
	Data []byte
}

// Docs returns the benchmark documents, each valid against the canonical schema:
// a SkillDescriptor with a few inputs and one with the most the schema allows (100 inputs,
// 32 tags, long descriptions), a FindingsResponse with 5 findings and one with 500, and a
// SkillIndex of 40,000 entries (13 MB).
func Docs() []Doc {
	return []Doc{
		{"SkillDescriptor-small", "SkillDescriptor", SkillDescriptor(4, 3)},
		{"SkillDescriptor-large", "SkillDescriptor", SkillDescriptor(100, 32)},
		{"FindingsResponse-small", "FindingsResponse", FindingsResponse(5)},
		{"FindingsResponse-large", "FindingsResponse", FindingsResponse(500)},
		{"SkillIndex-large", "SkillIndex", SkillIndex(40000)},
	}
}

var capabilityTypes = []string{"plugin", "api", "knowledge", "task"}
var accesses = []string{"public", "restricted"}

// SkillIndex builds an index of n entries (13 MB for 40,000), each with a description.
func SkillIndex(n int) []byte {
	skills := make([]map[string]any, n)
	for i := range skills {
		skills[i] = map[string]any{
			"id":              fmt.Sprintf("acme.skill-%05d", i),
			"name":            fmt.Sprintf("Skill %d", i),
			"version":         fmt.Sprintf("%d.%d.%d", 1+i%3, i%20, i%7),
			"capability_type": capabilityTypes[i%len(capabilityTypes)],
			"access":          accesses[i%len(accesses)],
			"description": fmt.Sprintf("Skill number %d of the Acme catalogue: looks up, converts and reports on "+
				"the records the caller names, within the quotas of the caller's plan.", i),
			"descriptor_url": fmt.Sprintf("/.well-known/skills/acme.skill-%05d.json", i),
		}
	}
	return mustJSON(map[string]any{
		"protocol": map[string]any{"version": "1.0.0"},
		"provider": map[string]any{"name": "Acme Skills Ltd", "url": "https://acme.example.com"},
		"skills":   skills,
	})
}

var valueTypes = []string{"string", "number", "integer", "boolean", "object", "array"}

// SkillDescriptor builds a descriptor with the given number of inputs and tags.
func SkillDescriptor(inputs, tags int) []byte {
	in := make([]map[string]any, inputs)
	for i := range in {
		in[i] = map[string]any{
			"name":     fmt.Sprintf("param_%03d", i),
			"type":     valueTypes[i%len(valueTypes)],
			"required": i%3 == 0,
			"description": fmt.Sprintf("Parameter %d of the forecast query: a value the provider "+
				"reads to narrow the forecast (units, region, horizon or rounding); ignored when empty.", i),
		}
	}
	tg := make([]string, tags)
	for i := range tg {
		tg[i] = fmt.Sprintf("tag-%02d", i)
	}
	d := map[string]any{
		"protocol":        map[string]any{"version": "1.0.0"},
		"id":              "acme.weather-forecast",
		"name":            "Weather forecast",
		"version":         "2.3.1",
		"capability_type": "api",
		"description": "Returns an hourly weather forecast for a place and a time window, " +
			"with temperature, precipitation, wind and cloud cover, from the provider's ensemble model.",
		"provider": map[string]any{
			"name":    "Acme Weather Ltd",
			"url":     "https://acme.example.com",
			"contact": "skills@acme.example.com",
		},
		"endpoint": map[string]any{
			"url":        "https://api.acme.example.com/v2/forecast",
			"method":     "POST",
			"timeout_ms": 30000,
		},
		"inputs": in,
		"output": map[string]any{
			"type":        "object",
			"description": "The forecast: one entry per hour of the requested window.",
			"media_type":  "application/json",
		},
		"auth": map[string]any{
			"type":      "oauth2",
			"token_url": "https://auth.acme.example.com/oauth2/token",
			"scopes":    []string{"forecast:read", "places:read"},
		},
		"access": "public",
		"tags":   tg,
	}
	return mustJSON(d)
}

var severities = []string{"critical", "warn", "info"}
var kinds = []string{"secret-in-log", "open-redirect", "weak-hash", "sql-injection", "missing-auth",
	"path-traversal", "insecure-cookie"}

// FindingsResponse builds a response with n findings, each with the open-ended members an
// auditor attaches (location, message, rule, evidence).
func FindingsResponse(n int) []byte {
	fs := make([]map[string]any, n)
	byKind := map[string]int{}
	bySev := map[string]int{}
	for i := range fs {
		k, s := kinds[i%len(kinds)], severities[i%len(severities)]
		byKind[k]++
		bySev[s]++
		fs[i] = map[string]any{
			"kind":     k,
			"severity": s,
			"file":     fmt.Sprintf("services/api/handlers/h%03d.go", i%97),
			"line":     10 + i%400,
			"column":   1 + i%80,
			"message":  fmt.Sprintf("Finding %d: untrusted input reaches a sensitive sink without sanitisation.", i),
			"rule_id":  fmt.Sprintf("SA%04d", 1000+i%50),
			"evidence": map[string]any{"snippet": "db.Query(\"SELECT * FROM t WHERE id=\" + id)", "confidence": 0.5 + float64(i%5)/10},
		}
	}
	capped := []string{}
	if n > 100 {
		capped = []string{kinds[0], kinds[1]}
	}
	d := map[string]any{
		"findings":           fs,
		"total":              n,
		"counts_by_kind":     byKind,
		"counts_by_severity": bySev,
		"capped_kinds":       capped,
		"per_kind_limit":     1000,
		"summary":            fmt.Sprintf("%d findings in 97 files.", n),
		"_meta":              map[string]any{"server_version": "superauditor 4.2.0"},
	}
	return mustJSON(d)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
