package skill_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	skill "github.com/skillgen/skillgen/gen/go"
)

// The fuzz targets: for every top-level type T, ParseT never panics; what it accepts survives
// MarshalJSON → ParseT unchanged and passes Validate; what it refuses comes with at least one
// ValidationError. Plain `go test` runs the seeds (the committed corpus in
// testdata/fuzz/FuzzParseT plus the generated hostile inputs below); `make fuzz` runs each
// target with -fuzz for longer.

// hostileInputs are documents every parser must refuse (or accept) without crashing and
// with bounded memory. The big ones are built here rather than committed.
var hostileInputs = sync.OnceValue(func() map[string][]byte {
	deep := func(open, close string, n int) []byte {
		return []byte(strings.Repeat(open, n) + strings.Repeat(close, n))
	}
	return map[string][]byte{
		"empty":               {},
		"whitespace":          []byte(" \n\t "),
		"bom":                 []byte("\xef\xbb\xbf{}"),
		"invalid-utf8":        []byte("{\"a\":\"\xff\xfe\"}"),
		"invalid-utf8-key":    []byte("{\"\xc3\x28\":1}"),
		"lone-surrogate":      []byte(`{"a":"\ud800"}`),
		"lone-low-surrogate":  []byte(`{"a":"\udc00x"}`),
		"duplicate-keys":      []byte(`{"a":1,"a":2}`),
		"trailing-garbage":    []byte(`{} x`),
		"two-documents":       []byte(`{}{}`),
		"1e400":               []byte(`1e400`),
		"-1e400":              []byte(`-1e400`),
		"1e400-member":        []byte(`{"a":1e400}`),
		"-1e400-in-array":     []byte(`[-1e400]`),
		"nul":                 []byte("\x00"),
		"unterminated":        []byte(`{"a":`),
		"deep-arrays-100000":  deep("[", "]", 100000),
		"deep-objects-100000": []byte(strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000)),
		"deep-10001":          deep("[", "]", 10001),
		"string-10MB":         []byte(`"` + strings.Repeat("x", 10<<20) + `"`),
		"member-10MB":         []byte(`{"a":"` + strings.Repeat("é", 5<<20) + `"}`),
	}
})

// topLevel are the types with a fuzz target.
var topLevel = []string{
	"ProtocolVersion", "SkillDescriptor", "SkillIndex", "InvocationRequest", "InvocationResponse",
	"Finding", "FindingsResponse", "GetSessionFindingsParams",
}

// seed adds the examples of schema/examples whose name starts with typeName, and the hostile
// inputs.
func seed(f *testing.F, typeName string) {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "schema", "examples", typeName+".*json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		if base := filepath.Base(p); base != typeName+".json" && !strings.HasPrefix(base, typeName+".") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, data := range hostileInputs() {
		f.Add(data)
	}
}

// validator is what every generated top-level type offers.
type validator interface {
	Validate() error
}

// fuzzParse checks the contract of parse on data.
func fuzzParse[T validator](t *testing.T, data []byte, parse func([]byte) (T, error)) {
	v, err := parse(data)
	if err != nil {
		var verrs skill.ValidationErrors
		if !errors.As(err, &verrs) {
			t.Fatalf("error is %T, not ValidationErrors: %v", err, err)
		}
		if len(verrs) == 0 {
			t.Fatalf("empty ValidationErrors")
		}
		return
	}
	if err := v.Validate(); err != nil {
		t.Fatalf("accepted value does not validate: %v", err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	back, err := parse(out)
	if err != nil {
		t.Fatalf("marshalled value does not parse: %v\n%s", err, out)
	}
	if diff := cmp.Diff(v, back); diff != "" {
		t.Fatalf("value changed through MarshalJSON → Parse (-first +second):\n%s", diff)
	}
	again, err := json.Marshal(back)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	if !bytes.Equal(out, again) {
		t.Fatalf("MarshalJSON is not stable:\n%s\n%s", out, again)
	}
}

func FuzzParseProtocolVersion(f *testing.F) {
	seed(f, "ProtocolVersion")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseProtocolVersion) })
}

func FuzzParseSkillDescriptor(f *testing.F) {
	seed(f, "SkillDescriptor")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseSkillDescriptor) })
}

func FuzzParseSkillIndex(f *testing.F) {
	seed(f, "SkillIndex")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseSkillIndex) })
}

func FuzzParseInvocationRequest(f *testing.F) {
	seed(f, "InvocationRequest")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseInvocationRequest) })
}

func FuzzParseInvocationResponse(f *testing.F) {
	seed(f, "InvocationResponse")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseInvocationResponse) })
}

func FuzzParseFinding(f *testing.F) {
	seed(f, "Finding")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseFinding) })
}

func FuzzParseFindingsResponse(f *testing.F) {
	seed(f, "FindingsResponse")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseFindingsResponse) })
}

func FuzzParseGetSessionFindingsParams(f *testing.F) {
	seed(f, "GetSessionFindingsParams")
	f.Fuzz(func(t *testing.T, data []byte) { fuzzParse(t, data, skill.ParseGetSessionFindingsParams) })
}

// TestHostileDocuments: every hostile input is refused with one "json" error at the document
// (the valid-JSON ones fail the schema instead), whatever the type.
func TestHostileDocuments(t *testing.T) {
	wantJSON := map[string]bool{
		"empty": true, "whitespace": true, "bom": true, "invalid-utf8": true, "invalid-utf8-key": true,
		"trailing-garbage": true, "two-documents": true, "1e400": true, "-1e400": true,
		"1e400-member": true, "-1e400-in-array": true, "nul": true, "unterminated": true,
		"deep-arrays-100000": true, "deep-objects-100000": true, "deep-10001": true,
	}
	for name, data := range hostileInputs() {
		for _, typ := range topLevel {
			start := time.Now()
			_, err := skill.Parse(typ, data)
			// Logged, not asserted: speed is measured by make bench (the scaling table).
			if d := time.Since(start); d > time.Second {
				t.Logf("%s as %s: took %v", name, typ, d)
			}
			var verrs skill.ValidationErrors
			if !errors.As(err, &verrs) || len(verrs) == 0 {
				t.Errorf("%s as %s: got %v, want ValidationErrors", name, typ, err)
				continue
			}
			if wantJSON[name] && (len(verrs) != 1 || verrs[0].Pointer != "" || verrs[0].Keyword != "json") {
				t.Errorf("%s as %s: got %v, want one json error at the document", name, typ, verrs)
			}
		}
	}
}

// TestDeepNestingBounded: 100,000 levels are refused before anything is decoded: quickly and
// without allocating a tree.
func TestDeepNestingBounded(t *testing.T) {
	data := hostileInputs()["deep-arrays-100000"]
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := skill.ParseSkillIndex(data); err == nil {
			t.Fatal("accepted")
		}
	})
	if allocs > 100 {
		t.Errorf("refusing 100,000 levels allocates %v times per run, want a handful", allocs)
	}
}
