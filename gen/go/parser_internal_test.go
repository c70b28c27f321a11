package skill

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// reference decodes data with encoding/json and adds the checks the generated parser makes
// beyond it: valid UTF-8, one document, numbers within the double range.
func reference(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, errors.New("invalid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	var walk func(any) error
	walk = func(x any) error {
		switch y := x.(type) {
		case json.Number:
			if _, err := strconv.ParseFloat(string(y), 64); err != nil {
				return err
			}
		case []any:
			for _, e := range y {
				if err := walk(e); err != nil {
					return err
				}
			}
		case map[string]any:
			for _, e := range y {
				if err := walk(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return v, walk(v)
}

// FuzzParserMatchesEncodingJSON: the generated parser accepts exactly what encoding/json
// (plus the checks above) accepts, and builds the same value.
func FuzzParserMatchesEncodingJSON(f *testing.F) {
	for _, s := range parserSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := sgParseDocument(data, nil)
		want, refErr := reference(data)
		if (err == nil) != (refErr == nil) {
			t.Fatalf("%q: parser error %v, encoding/json error %v", data, err, refErr)
		}
		if err != nil {
			var verrs ValidationErrors
			if !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Keyword != "json" || verrs[0].Pointer != "" {
				t.Fatalf("%q: error %v is not one json error at the document", data, err)
			}
			return
		}
		if g := got.toAny(); !reflect.DeepEqual(g, want) {
			t.Fatalf("%q: parser built %#v, encoding/json %#v", data, g, want)
		}
	})
}

// parserSeeds are documents and fragments, valid and not, for the parser's fuzz tests.
var parserSeeds = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5e-7`, `1E400`, `"a\u00e9\ud83d\ude00"`,
	`"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`, `{"a":1,"a":2}`, `[1,[2,[3]]]`,
	`{"a":{"b":[null,true,"x"]}}`, ` {"k" : "v" } `, `01`, `1.`, `.5`, `-`, `"\x"`, `[1,]`,
	`{"a":1,}`, `"` + "\x01" + `"`, "\xff", `{"\u0000":0}`, `[` + `"\/\b\f\n\r\t\\\""` + `]`,
	`123456789012345678901234567890`, `"a" "b"`, ``, ` `, `{"a" 1}`, `[1 2]`, `{"a":[1,{"b":"\u12"}]}`,
	`[ { "x" : [ "<&>" , 1e5 , -0.5 ] } , "\u2028" ]`, `{"a":tru}`, `[nul]`, `"unterminated`,
}

// FuzzPlanMatchesTree: a member kept as text (sgPlan) is refused exactly when the same member
// read as a tree is, with the same error, and its text is the member's compact JSON.
func FuzzPlanMatchesTree(f *testing.F) {
	for _, s := range parserSeeds {
		f.Add(s)
	}
	plan := &sgPlan{known: func(k string) bool { return k == "tree" }}
	f.Fuzz(func(t *testing.T, member string) {
		data := []byte(`{"tree":` + member + `, "text" : ` + member + `}`)
		treeOnly, treeErr := sgParseDocument(data, nil)
		planned, planErr := sgParseDocument(data, plan)
		if !reflect.DeepEqual(treeErr, planErr) {
			t.Fatalf("%q: error %v as a tree, %v as text", data, treeErr, planErr)
		}
		if treeErr != nil {
			return
		}
		if !json.Valid([]byte(member)) {
			// Text that is not one value can still make a valid document of more members
			// (`{},"":0`): the claims below are about one member's value.
			return
		}
		text := planned.get("text")
		if text.kind() != sgKindRaw {
			t.Fatalf("%q: the member the plan does not claim is of kind %d, not kept as text", data, text.kind())
		}
		var want bytes.Buffer
		if err := json.Compact(&want, []byte(member)); err != nil {
			t.Fatalf("%q: encoding/json cannot compact a member the parser accepted: %v", member, err)
		}
		if got := sgRawText(text); string(got) != want.String() {
			t.Fatalf("%q: text %s, want %s", member, got, want.String())
		}
		if g, w := planned.get("tree").toAny(), treeOnly.get("tree").toAny(); !reflect.DeepEqual(g, w) {
			t.Fatalf("%q: the claimed member is %#v with the plan, %#v without", data, g, w)
		}
		// A container read as a tree gives the same text.
		if k := treeOnly.get("text").kind(); k == sgKindArray || k == sgKindObject {
			if got := sgRawText(treeOnly.get("text")); string(got) != want.String() {
				t.Fatalf("%q: text of the tree %s, want %s", member, got, want.String())
			}
		}
	})
}

// TestPlanDeepMember: nesting beyond the limit inside a member kept as text is refused as it
// is inside a tree.
func TestPlanDeepMember(t *testing.T) {
	plan := &sgPlan{known: func(string) bool { return false }}
	for _, depth := range []int{sgMaxDepth - 1, sgMaxDepth} {
		data := []byte(`{"x":` + strings.Repeat("[", depth) + strings.Repeat("]", depth) + `}`)
		_, treeErr := sgParseDocument(data, nil)
		_, planErr := sgParseDocument(data, plan)
		if !reflect.DeepEqual(treeErr, planErr) {
			t.Fatalf("depth %d: error %v as a tree, %v as text", depth, treeErr, planErr)
		}
		if (treeErr == nil) != (depth < sgMaxDepth) {
			t.Fatalf("depth %d: error %v", depth, treeErr)
		}
	}
}

// TestIdleParsers: a parser kept for the next document keeps its stacks but no reference into
// the documents it read (the part of the stacks a document used is cleared, even when a
// later, smaller document used less of them), and a parser whose stacks outgrew sgKeepStack
// is not kept.
func TestIdleParsers(t *testing.T) {
	drain := func() {
		for {
			select {
			case <-sgIdleParsers:
			default:
				return
			}
		}
	}
	drain()
	var big strings.Builder
	big.WriteString(`{"a": [`)
	for i := range 5000 {
		if i > 0 {
			big.WriteByte(',')
		}
		big.WriteString(`{"k` + strconv.Itoa(i) + `": "v"}`)
	}
	big.WriteString(`]}`)
	for _, doc := range []string{big.String(), `{"b": [1, 2]}`} {
		if _, err := sgParseDocument([]byte(doc), nil); err != nil {
			t.Fatal(err)
		}
	}
	var p *sgParser
	select {
	case p = <-sgIdleParsers:
	default:
		t.Fatal("no parser is kept after a document")
	}
	if cap(p.vals) < 5000 {
		t.Errorf("the kept parser's value stack has capacity %d, want at least 5000", cap(p.vals))
	}
	for i, v := range p.vals[:cap(p.vals)] {
		if v.str != "" || v.kids != nil {
			t.Fatalf("the kept parser's value stack still holds %q at %d", v.str, i)
		}
	}
	for i, k := range p.keys[:cap(p.keys)] {
		if k != "" {
			t.Fatalf("the kept parser's key stack still holds %q at %d", k, i)
		}
	}
	if p.keysUsed != 0 || p.valsUsed != 0 || p.s != "" {
		t.Errorf("the kept parser remembers its last document: %d keys, %d values, %d bytes", p.keysUsed, p.valsUsed, len(p.s))
	}

	drain()
	var huge strings.Builder
	huge.WriteByte('[')
	for i := range sgKeepStack + 1 {
		if i > 0 {
			huge.WriteByte(',')
		}
		huge.WriteByte('0')
	}
	huge.WriteByte(']')
	if _, err := sgParseDocument([]byte(huge.String()), nil); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-sgIdleParsers:
		t.Errorf("a parser with a stack of %d values is kept", cap(p.vals))
	default:
	}
}
