package skill

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The one-pass decoders against the exact path: for every named type and every document,
// ParseT gives the same value (reflect.DeepEqual) and the same errors with the one-pass
// decoders as without them.

// exactly runs f with the one-pass decoders off.
func exactly(f func()) {
	sgOnePass = false
	defer func() { sgOnePass = true }()
	f()
}

// sameAsExact reports how the one-pass ParseT and the exact one differ on data, "" when they
// do not.
func sameAsExact(typeName string, data []byte) string {
	fast, fastErr := Parse(typeName, data)
	var exact any
	var exactErr error
	exactly(func() { exact, exactErr = Parse(typeName, data) })
	if !reflect.DeepEqual(fast, exact) {
		return fmt.Sprintf("value %#v, exact path %#v", fast, exact)
	}
	if !reflect.DeepEqual(fastErr, exactErr) {
		return fmt.Sprintf("error %v, exact path %v", fastErr, exactErr)
	}
	return ""
}

// onePassExamples are the example documents of the canonical schema, by type.
func onePassExamples(t testing.TB) map[string][][]byte {
	paths, err := filepath.Glob(filepath.Join("..", "..", "schema", "examples", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	out := map[string][][]byte{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		typ := strings.SplitN(filepath.Base(p), ".", 2)[0]
		out[typ] = append(out[typ], data)
	}
	return out
}

// onePassTokens are spliced into documents: the written forms and texts where a one-pass
// decoder could part from the exact path.
var onePassTokens = []string{
	`1.0`, `1e2`, `100E-2`, `-0`, `-0.0`, `1e400`, `-1e400`, `123456789012345678901234567890`,
	`9007199254740993`, `9223372036854775808`, `0.5`, `"\u0041"`, `"\ud800"`, `"\ud83d\ude00"`,
	`"a\"b"`, `"\/"`, `"\x"`, "\"\xff\"", "\"\xc3\x28\"", "\xef\xbb\xbf", `null`, `true`, `[]`, `{}`,
	`[1,2`, `{"a":1,"a":2}`, `""`, `"é"`, " \t\r\n", `,`, `:`, `}`, `]`, `"x-extra":{"k":[1,{"z":null}]},`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
}

// mutate changes data at random: a token spliced in, a byte dropped or changed, a member
// repeated, the text cut short.
func mutate(r *rand.Rand, data []byte) []byte {
	out := bytes.Clone(data)
	for n := 1 + r.Intn(2); n > 0; n-- {
		if len(out) == 0 {
			return out
		}
		i := r.Intn(len(out))
		switch r.Intn(6) {
		case 0, 1:
			tok := onePassTokens[r.Intn(len(onePassTokens))]
			// Replace a value: from i to the next ',' or '}' or ']'.
			j := i
			for j < len(out) && out[j] != ',' && out[j] != '}' && out[j] != ']' {
				j++
			}
			if k := bytes.LastIndexByte(out[:i], ':'); k >= 0 && r.Intn(2) == 0 {
				i = k + 1
			}
			out = append(out[:i:i], append([]byte(tok), out[j:]...)...)
		case 2:
			out = append(out[:i:i], out[i+1:]...)
		case 3:
			out[i] = byte(r.Intn(256))
		case 4:
			// Repeat the first member of an object.
			if k := bytes.IndexByte(out[i:], '{'); k >= 0 {
				k += i + 1
				if e := bytes.IndexByte(out[k:], ','); e > 0 {
					member := bytes.Clone(out[k : k+e+1])
					out = append(out[:k:k], append(member, out[k:]...)...)
				}
			}
		case 5:
			out = out[:i]
		}
	}
	return out
}

// Feature: skill-sharing-protocol, Property 11: ParseT decides and decodes every document as
// the exact path does, with the one-pass decoders or without them.
func TestOnePassMatchesExact(t *testing.T) {
	examples := onePassExamples(t)
	r := rand.New(rand.NewSource(32))
	cases := 0
	for _, typ := range TypeNames() {
		for _, docs := range examples {
			for _, doc := range docs {
				if d := sameAsExact(typ, doc); d != "" {
					t.Fatalf("%s on an example: %s\n%s", typ, d, doc)
				}
				cases++
			}
		}
	}
	for typ, docs := range examples {
		for _, doc := range docs {
			for i := 0; i < 300; i++ {
				m := mutate(r, doc)
				if d := sameAsExact(typ, m); d != "" {
					t.Fatalf("%s: %s\n%s", typ, d, m)
				}
				cases++
			}
		}
	}
	if cases < 100 {
		t.Fatalf("only %d cases", cases)
	}
	t.Logf("%d documents", cases)
}

// scalars are the strings, numbers and booleans of the examples, as JSON texts.
func scalars(t testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k)
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		default:
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if !seen[string(b)] {
				seen[string(b)] = true
				out = append(out, string(b))
			}
		}
	}
	for _, docs := range onePassExamples(t) {
		for _, doc := range docs {
			d := json.NewDecoder(bytes.NewReader(doc))
			d.UseNumber()
			var v any
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			walk(v)
		}
	}
	return out
}

// Feature: skill-sharing-protocol, Property 11: ParseT of a string, integer or boolean type
// (read in place by the one-pass path) decides and decodes every document of one value as the
// exact path does: every scalar of the examples, alone, spaced, escaped, cut short, followed
// by more, and the texts where a second decoder could part from the first.
func TestOnePassScalarDocuments(t *testing.T) {
	var docs []string
	for _, s := range scalars(t) {
		docs = append(docs, s, " "+s+"\n", s+" x", s+s, s[:len(s)-1], strings.ToUpper(s))
		if len(s) > 2 && s[0] == '"' {
			docs = append(docs, `"\u00`+fmt.Sprintf("%02x", s[1])+s[2:], s[:len(s)-1]+"\u00e9\"", s[:len(s)-1]+"\xff\"")
		}
	}
	docs = append(docs, onePassTokens...)
	docs = append(docs, `0`, `-1`, `007`, `18446744073709551616`, `1.5`, `-`, `tru`, `false `, `"a\u0000b"`, "\"a\tb\"", "\"a\x01b\"")
	cases := 0
	for _, typ := range TypeNames() {
		for _, doc := range docs {
			if d := sameAsExact(typ, []byte(doc)); d != "" {
				t.Fatalf("%s on %q: %s", typ, doc, d)
			}
			cases++
		}
	}
	if cases < 100 {
		t.Fatalf("only %d cases", cases)
	}
	t.Logf("%d documents", cases)
}

// TestOnePassReadsScalars: a valid document of a string type is read in place, with fewer
// allocations than the exact path's tree.
func TestOnePassReadsScalars(t *testing.T) {
	for typ, doc := range map[string]string{"SkillID": `"acme.weather-forecast"`, "SemVer": ` "1.2.3" `,
		"CapabilityType": `"plugin"`, "InvocationStatus": `"failed"`} {
		parse := func() {
			if _, err := Parse(typ, []byte(doc)); err != nil {
				t.Fatalf("%s rejects %s: %v", typ, doc, err)
			}
		}
		fast := testing.AllocsPerRun(20, parse)
		var exact float64
		exactly(func() { exact = testing.AllocsPerRun(20, parse) })
		if fast >= exact {
			t.Errorf("%s of %s: %v allocations, the exact path %v", typ, doc, fast, exact)
		}
	}
}

// TestOnePassReadsExamples: every example of the canonical schema is read by the one-pass
// decoder of its type, not by the exact path after a doubt.
func TestOnePassReadsExamples(t *testing.T) {
	read := map[string]func([]byte) bool{
		"ProtocolVersion": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) ProtocolVersion { return sgFastProtocolVersion(d, 0, false) })
			return ok
		},
		"SkillDescriptor": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) SkillDescriptor { return sgFastSkillDescriptor(d, 0, true) })
			return ok
		},
		"SkillIndex": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) SkillIndex { return sgFastSkillIndex(d, 0, true) })
			return ok
		},
		"InvocationRequest": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) InvocationRequest { return sgFastInvocationRequest(d, 0, true) })
			return ok
		},
		"Finding": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) Finding { return sgFastFinding(d, 0, true) })
			return ok
		},
		"FindingsResponse": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) FindingsResponse { return sgFastFindingsResponse(d, 0, true) })
			return ok
		},
		"InvocationResponse": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) InvocationResponse { return sgFastInvocationResponse(d, 0, false) })
			return ok
		},
		"GetSessionFindingsParams": func(b []byte) bool {
			_, ok := sgReadDocument(b, func(d *sgFast) GetSessionFindingsParams { return sgFastGetSessionFindingsParams(d, 0, false) })
			return ok
		},
	}
	for typ, docs := range onePassExamples(t) {
		f, ok := read[typ]
		if !ok {
			continue
		}
		for _, doc := range docs {
			if !f(doc) {
				t.Errorf("%s: the one-pass decoder gave up on a valid example:\n%s", typ, doc)
			}
		}
	}
}

// FuzzOnePassMatchesExact: on any document, the one-pass ParseT of every type agrees with the
// exact path.
func FuzzOnePassMatchesExact(f *testing.F) {
	for _, docs := range onePassExamples(f) {
		for _, doc := range docs {
			f.Add(doc)
		}
	}
	for _, tok := range onePassTokens {
		f.Add([]byte(`{"a":` + tok + `}`))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, typ := range TypeNames() {
			if d := sameAsExact(typ, data); d != "" {
				t.Fatalf("%s: %s", typ, d)
			}
		}
	})
}
