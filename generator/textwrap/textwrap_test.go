package textwrap

import (
	"slices"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"sh  rt", []string{"sh  rt"}},
		{"aaa bbb ccc ddd", []string{"aaa bbb", "ccc ddd"}},
		{"aaaaaaaaaaaa bb", []string{"aaaaaaaaaaaa", "bb"}},
		{"aa bbbbbbbbbbbbbb cc dd", []string{"aa", "bbbbbbbbbbbbbb", "cc dd"}},
		{"bbbbbbbbbbbbbb", []string{"bbbbbbbbbbbbbb"}},
	} {
		if got := Lines(c.in, 8); !slices.Equal(got, c.want) {
			t.Errorf("Lines(%q, 8) = %q, want %q", c.in, got, c.want)
		}
	}
	words := strings.Repeat("`DeepXItem`, ", 500) + strings.Repeat("`"+strings.Repeat("Item", 30)+"`, ", 50)
	for _, l := range Lines(words, 97) {
		if len(l) > 97 && strings.Contains(l, " ") {
			t.Errorf("a line of %d bytes: %q", len(l), l)
		}
	}
}
