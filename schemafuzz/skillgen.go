package schemafuzz

import (
	"errors"
	"fmt"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/golang"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/typescript"
)

// unsupportedRe is how skillgen names a keyword it refuses.
var unsupportedRe = regexp.MustCompile(`keyword "([^"]+)" is not supported`)

// refusal is what skillgen said about a schema it did not build.
type refusal struct {
	keyword string // the unsupported keyword it named, "" when the reason is another
	reason  string
}

// buildSchemas loads and builds a set of schema files the way skillgen does, turning a panic
// into an error.
func buildSchemas(docs map[string][]byte) (s *ir.Schema, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, firstLines(string(debug.Stack()), 12))
		}
	}()
	set, err := load.FromDocs(docs, nil)
	if err != nil {
		return nil, err
	}
	return build.Build(set, build.Options{})
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

// emitGo renders a unit's Go package, turning a panic into an error.
func emitGo(s *ir.Schema, pkg string) (files []ir.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic in the Go emitter: %v\n%s", r, firstLines(string(debug.Stack()), 12))
		}
	}()
	return golang.Emit(s, golang.Options{Package: pkg, Sources: "schemafuzz"})
}

// emitTS renders a unit's TypeScript package, turning a panic into an error.
func emitTS(s *ir.Schema) (files []ir.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic in the TypeScript emitter: %v\n%s", r, firstLines(string(debug.Stack()), 12))
		}
	}()
	return typescript.Emit(s, typescript.Options{})
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
