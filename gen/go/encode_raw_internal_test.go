package skill

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// oldEncRaw is sgEncRaw before its fast path: check, compact, escape. The new one must write
// the same bytes and fail with the same error on every text.
func oldEncRaw(e *sgEncoder, raw json.RawMessage) {
	if raw == nil {
		e.b = append(e.b, "null"...)
		return
	}
	if !json.Valid(raw) {
		sgEncJSON(e, raw)
		return
	}
	start := len(e.b)
	e.b = sgCompact(e.b, string(raw))
	for i := start; i < len(e.b); i++ {
		if c := e.b[i]; c == '<' || c == '>' || c == '&' || (c == 0xE2 && i+2 < len(e.b) && e.b[i+1] == 0x80 && e.b[i+2]&^1 == 0xA8) {
			var esc bytes.Buffer
			json.HTMLEscape(&esc, e.b[i:])
			e.b = append(e.b[:i], esc.Bytes()...)
			break
		}
	}
}

// rawText draws JSON-like text: valid values, with or without whitespace, characters
// encoding/json escapes, invalid UTF-8, escapes and numbers of every form, and now and then a
// byte changed, cut or added so that invalid text comes up too.
func rawText(t *rapid.T, depth int) string {
	ws := func() string { return rapid.SampledFrom([]string{"", "", "", " ", "\n\t", "\r"}).Draw(t, "ws") }
	str := func() string {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{"a", "é", "<", ">", "&", "\u2028", "\u2029", "\xff", "\xe2\x80",
			`\"`, `\\`, `\/`, `\n`, `\u00e9`, `\ud800`, `\uDC00x`, `\u12`, `\x`, "\t", "\x7f", "\U0001F600", " "}), 0, 6).Draw(t, "parts")
		return `"` + strings.Join(parts, "") + `"`
	}
	var v string
	kind := rapid.IntRange(0, 6).Draw(t, "kind")
	if depth > 3 && kind >= 5 {
		kind = 1
	}
	switch kind {
	case 0:
		v = rapid.SampledFrom([]string{"true", "false", "null", "tru", "nul", "-", "0", "-0", "01", "1.", "1.5", "-2e10", "3E+2", "4e-7", "1e400",
			"12345678901234567890", strings.Repeat("9", 320), ".5", "+1", "0x1"}).Draw(t, "lit")
	case 1, 2:
		v = str()
	case 3, 4:
		v = rapid.SampledFrom([]string{"[]", "{}", "[ ]", "{ }"}).Draw(t, "empty")
	case 5:
		n := rapid.IntRange(1, 3).Draw(t, "n")
		items := make([]string, n)
		for i := range items {
			items[i] = ws() + rawText(t, depth+1) + ws()
		}
		v = "[" + strings.Join(items, ",") + "]"
	default:
		n := rapid.IntRange(1, 3).Draw(t, "n")
		items := make([]string, n)
		for i := range items {
			items[i] = ws() + str() + ws() + ":" + ws() + rawText(t, depth+1) + ws()
		}
		v = "{" + strings.Join(items, ",") + "}"
	}
	if depth == 0 && rapid.IntRange(0, 5).Draw(t, "mutate") == 0 && len(v) > 0 {
		i := rapid.IntRange(0, len(v)-1).Draw(t, "at")
		switch rapid.IntRange(0, 2).Draw(t, "how") {
		case 0:
			v = v[:i]
		case 1:
			v = v[:i] + rapid.SampledFrom([]string{",", "}", "]", "\"", ":", "x", " "}).Draw(t, "byte") + v[i:]
		default:
			v = v[:i] + v[i+1:]
		}
	}
	return v
}

func TestEncRawAsBefore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		raw := json.RawMessage(rawText(t, 0))
		var got, want sgEncoder
		got.b, want.b = []byte("["), []byte("[")
		sgEncRaw(&got, raw)
		oldEncRaw(&want, raw)
		if (got.err == nil) != (want.err == nil) || (got.err != nil && got.err.Error() != want.err.Error()) {
			t.Fatalf("%q: error %v, before %v", raw, got.err, want.err)
		}
		if got.err == nil && !bytes.Equal(got.b, want.b) {
			t.Fatalf("%q: wrote %q, before %q", raw, got.b, want.b)
		}
		// What sgRawPlain accepts for validation, sgParseDocument accepts.
		if sgRawPlain(raw, sgRawValidate) {
			if _, err := sgParseDocument(raw, nil); err != nil {
				t.Fatalf("%q: sgRawPlain accepts it for validation, sgParseDocument refuses it: %v", raw, err)
			}
		}
	})
}

// TestEncMembersSorted checks the order of the members of maps small (sgEncFew) and large.
func TestEncMembersSorted(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := rapid.MapOf(rapid.String(), rapid.Int64()).Draw(t, "m")
		e := sgEncoder{b: []byte{}}
		sgEncMap(&e, m, sgEncInt[int64])
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(e.b, want) {
			t.Fatalf("%v: wrote %s, encoding/json %s", m, e.b, want)
		}
		if len(e.keys) != 0 {
			t.Fatalf("the keys' stack is left with %d keys", len(e.keys))
		}
	})
}
