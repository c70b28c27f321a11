package load

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
)

// metaFS holds the metaschemas of every draft (and the vocabularies of 2019-09 and 2020-12),
// so that a reference to one resolves offline. See metaschemas/README.md.
//
//go:embed metaschemas
var metaFS embed.FS

// builtinMetaschema returns the metaschema document served at URL doc (http or https
// json-schema.org).
func builtinMetaschema(doc string) ([]byte, bool) {
	u, ok := strings.CutPrefix(doc, "http://json-schema.org/")
	if !ok {
		if u, ok = strings.CutPrefix(doc, "https://json-schema.org/"); !ok {
			return nil, false
		}
	}
	if u == "schema" {
		u = "draft/2020-12/schema"
	}
	data, err := metaFS.ReadFile("metaschemas/" + u)
	return data, err == nil
}

var (
	metaMu      sync.Mutex
	metaSchemas = map[normalize.Draft]*jsonschema.Schema{}
)

// metaschema compiles the metaschema of draft d (embedded in the jsonschema module) once, with
// formats as annotations (as generated code treats them; the builder checks patterns itself).
func metaschema(d normalize.Draft) (*jsonschema.Schema, error) {
	metaMu.Lock()
	defer metaMu.Unlock()
	if s, ok := metaSchemas[d]; ok {
		return s, nil
	}
	c := jsonschema.NewCompiler()
	compiled := FormatsAsAnnotations(c)
	s, err := c.Compile(strings.TrimSuffix(d.URI(), "#"))
	compiled()
	if err != nil {
		return nil, err
	}
	metaSchemas[d] = s
	return s, nil
}

// formatNames are the formats the jsonschema module knows.
var formatNames = strings.Fields(`json-pointer relative-json-pointer uuid duration period ipv4
	ipv6 hostname email date time date-time uri iri uri-reference iri-reference uri-template
	semver regex idn-email idn-hostname`)

// FormatsAsAnnotations makes the schemas c compiles treat "format" as an annotation, as the
// generated code does (the jsonschema module asserts formats in drafts before 2019-09). Call the
// returned function once every schema is compiled: from then on the "regex" format, which
// the module checks with the regular-expression engine, accepts any string too.
func FormatsAsAnnotations(c *jsonschema.Compiler) (compiled func()) {
	for _, name := range formatNames {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: func(any) error { return nil }})
	}
	var done atomic.Bool
	c.UseRegexpEngine(func(s string) (jsonschema.Regexp, error) {
		re, err := regexp.Compile(s)
		if err != nil && done.Load() {
			return nil, nil
		}
		return re, err
	})
	return func() { done.Store(true) }
}

// metaErrors turns a metaschema violation into one error per offending place, naming the
// value found there. Of the alternatives of an anyOf or oneOf, the one whose failure is not a
// mere type mismatch explains best ("strng" is not one of the type names, rather than "a
// string, want an array").
func metaErrors(f *File, d normalize.Draft, doc any, err error) []*Error {
	head := fmt.Sprintf("does not conform to the %s metaschema", d)
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []*Error{{File: f.Display, Reason: head + ": " + err.Error()}}
	}
	leaves := explaining(ve)
	ptr := func(e *jsonschema.ValidationError) string {
		if len(e.InstanceLocation) == 0 {
			return ""
		}
		return "/" + strings.Join(escapeAll(e.InstanceLocation), "/")
	}
	// Places at or above a failure other than a type mismatch.
	explained := map[string]bool{}
	for _, l := range leaves {
		if _, isType := l.ErrorKind.(*kind.Type); isType {
			continue
		}
		p := ptr(l)
		for {
			explained[p] = true
			i := strings.LastIndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[:i]
		}
	}
	pr := message.NewPrinter(language.English)
	types := map[string][]string{} // pointer → wanted types, for the type mismatches kept
	var out []*Error
	for _, l := range leaves {
		p := ptr(l)
		v, _ := valueAt(doc, l.InstanceLocation)
		switch k := l.ErrorKind.(type) {
		case *kind.Type:
			if !explained[p] {
				types[p] = append(types[p], k.Want...)
			}
			continue
		case *kind.Enum:
			out = append(out, &Error{File: f.Display, Pointer: p, Reason: head + ": " + enumReason(v, k.Want)})
			continue
		case *kind.Required, *kind.Dependency, *kind.DependentRequired:
			out = append(out, &Error{File: f.Display, Pointer: p, Reason: head + ": " + l.ErrorKind.LocalizedString(pr)})
			continue
		}
		out = append(out, &Error{File: f.Display, Pointer: p, Reason: head + ": " + valueText(v) + ": " + l.ErrorKind.LocalizedString(pr)})
	}
	for p, want := range types {
		sort.Strings(want)
		uniq := want[:0]
		for i, w := range want {
			if i == 0 || w != want[i-1] {
				uniq = append(uniq, w)
			}
		}
		v, _ := valueAtPointer(doc, p)
		out = append(out, &Error{File: f.Display, Pointer: p, Reason: fmt.Sprintf("%s: %s is %s, want %s", head, valueText(v), typeName(v), strings.Join(uniq, " or "))})
	}
	return Sorted(out)
}

// explaining returns the failures that explain e: every leaf of the error tree, except that of
// the alternatives of an anyOf or oneOf only those that got furthest count: the ones whose
// failure lies deepest in the document and, among those, the ones that failed on something
// other than the type.
func explaining(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		best, bestDepth, bestTyped := [][]*jsonschema.ValidationError(nil), -1, true
		for _, c := range e.Causes {
			ls := explaining(c)
			depth, typed := 0, true
			for _, l := range ls {
				depth = max(depth, len(l.InstanceLocation))
				if _, isType := l.ErrorKind.(*kind.Type); !isType {
					typed = false
				}
			}
			switch {
			case depth > bestDepth || (depth == bestDepth && bestTyped && !typed):
				best, bestDepth, bestTyped = [][]*jsonschema.ValidationError{ls}, depth, typed
			case depth == bestDepth && typed == bestTyped:
				best = append(best, ls)
			}
		}
		for _, ls := range best {
			out = append(out, ls...)
		}
	default:
		for _, c := range e.Causes {
			out = append(out, explaining(c)...)
		}
	}
	return out
}

func enumReason(v any, want []any) string {
	names := make([]string, 0, len(want))
	var words []string
	for _, w := range want {
		names = append(names, valueText(w))
		if s, ok := w.(string); ok {
			words = append(words, s)
		}
	}
	if len(names) > 12 {
		names = append(names[:12], "…")
	}
	reason := fmt.Sprintf("%s is not one of %s", valueText(v), strings.Join(names, ", "))
	if s, ok := v.(string); ok {
		if near := Nearest(s, words); near != "" {
			reason += fmt.Sprintf(" (did you mean %q?)", near)
		}
	}
	return reason
}

// valueText renders a JSON value for a message: scalars in full (long strings clipped),
// arrays and objects when short.
func valueText(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(clip(v, 60))
	case map[string]any:
		if b, err := json.Marshal(v); err == nil && len(b) <= 40 {
			return string(b)
		}
		return "an object"
	case []any:
		if b, err := json.Marshal(v); err == nil && len(b) <= 40 {
			return string(b)
		}
		return "an array"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return "a number"
}

func valueAt(doc any, toks []string) (any, bool) {
	cur := doc
	for _, t := range toks {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[t]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(t)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func valueAtPointer(doc any, p string) (any, bool) {
	if p == "" {
		return doc, true
	}
	toks := strings.Split(p[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return valueAt(doc, toks)
}

func escapeAll(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = ojson.EscapeToken(t)
	}
	return out
}

// Nearest returns the candidate a word is most likely a misspelling of: one equal to it but for
// case, or one a few edits away (one edit up to 11 characters, two up to 17, three beyond; a
// transposition is one edit); "" when none is. Words shorter than 4 characters match only
// by case.
func Nearest(word string, candidates []string) string {
	best, bestD := "", 1<<30
	lw := strings.ToLower(word)
	for _, c := range candidates {
		if c == word {
			continue
		}
		if strings.ToLower(c) == lw {
			return c
		}
		if utf8.RuneCountInString(word) < 4 {
			continue
		}
		n := max(utf8.RuneCountInString(word), utf8.RuneCountInString(c))
		allowed := 1
		if n > 17 {
			allowed = 3
		} else if n > 11 {
			allowed = 2
		}
		if d := editDistance(lw, strings.ToLower(c), allowed); d <= allowed && d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b (insertions, deletions,
// substitutions and transpositions of adjacent characters), or a value above limit when it
// exceeds limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
