package schemafuzz

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// unsupportedRe is how skillgen names a keyword it refuses.
var unsupportedRe = regexp.MustCompile(`keyword "([^"]+)" is not supported`)

// refusal is what skillgen said about a schema it did not build.
type refusal struct {
	keyword string // the unsupported keyword it named, "" when the reason is another
	reason  string
}

// buildSchemas loads and builds a set of schema files the way skillgen does with
// -assert-format=false (build.Build turns a panic into an error): the fuzzer compares verdicts
// with formats as annotations in every draft, where both oracles agree on what they mean; the
// format checkers are proven by the official suite's format tests and the corpus.
func buildSchemas(docs map[string][]byte) (*ir.Schema, error) {
	set, err := load.FromDocs(docs, nil)
	if err != nil {
		return nil, err
	}
	return build.Build(set, build.Options{Format: build.FormatAnnotation})
}

// accepts reports whether skillgen reads a draft at all: a schema that is nothing but the
// draft's "$schema" is accepted.
func accepts(d Draft) bool {
	doc := jobj(member("$schema", jstr(d.URI())), member("type", jstr("string")))
	_, err := buildSchemas(map[string][]byte{"probe.json": doc.JSON()})
	return err == nil
}

// classify turns a build error into a refusal by keyword, or nil when the error is a failure.
func classify(err error) *refusal {
	msg := oneLine(err.Error())
	var le *load.Error
	if errors.As(err, &le) {
		if m := unsupportedRe.FindStringSubmatch(le.Reason); m != nil && strings.HasSuffix(le.Pointer, "/"+escapeToken(m[1])) {
			return &refusal{keyword: m[1], reason: msg}
		}
	}
	return nil
}

// rootType returns the named type of a schema file's root.
func rootType(s *ir.Schema, file string) *ir.Type {
	for _, t := range s.Types {
		if t.Location == file+"#" {
			return t
		}
	}
	return nil
}

func escapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 400 {
		s = s[:400] + "..."
	}
	return s
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}
