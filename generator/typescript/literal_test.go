package typescript

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestJSStringPlainMatchesJSON: the plain-ASCII path of jsString writes what encoding/json
// writes, for every byte alone and in strings around it, and the escaping path still escapes.
func TestJSStringPlainMatchesJSON(t *testing.T) {
	slow := func(s string) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		return strings.TrimSuffix(b.String(), "\n")
	}
	cases := []string{"", "plain", "a b", "<&>", "\u2028", "\u2029", "é", "\xff", "\U0001f600"}
	for c := 0; c < 256; c++ {
		cases = append(cases, string(rune(c)), "x"+string([]byte{byte(c)})+"y")
	}
	for _, s := range cases {
		if got, want := jsString(s), slow(s); got != want {
			t.Errorf("jsString(%q) = %s, want %s", s, got, want)
		}
	}
	if got := jsString("a\"b\\c\n"); got != `"a\"b\\c\n"` {
		t.Errorf("escapes: %s", got)
	}
}
