package golang

import (
	"math/rand"
	"regexp"
	"testing"
)

// TestPatternDFAMatchesRegexp: on random texts, the automaton of a pattern decides what
// regexp.MatchString decides, for the patterns of the canonical schema and shapes around
// them (anchored or not, empty matches, alternations, counted repetitions).
func TestPatternDFAMatchesRegexp(t *testing.T) {
	patterns := []string{
		"^[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?$",
		"^[A-Za-z_][A-Za-z0-9_]*$",
		"^(?:https://[!-~]+|[!-\"$-.0-9;->@-~]*(?:[/?#][!-~]*)?)$",
		"^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$",
		"^[a-z][a-z0-9_]*$",
		"^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$",
		"^https://(?:[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?(?:[/?#][!-~]*)?$",
		"^[!-?A-~]+@[A-Za-z0-9.-]+$",
		"^[a-z]+/[a-z0-9.+-]+$",
		"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
		"^[!#-\\[\\]-~]+$",
		"a", "ab|c", "^a", "a$", "", "^", "$", "^$", "a*", "^a*$", "(?:ab)+c?$", "x{2,3}y", "^(a|ab)(c|bcd)$",
		"[0-9]+", "^[a-c]{0,5}$", "b$|^a", "^$|a", "\\Aa\\z", "(?:^|-)x(?:$|-)",
	}
	alphabet := []byte("abcdxyz019_-./:@#?[]ZT+é\x00\n ")
	r := rand.New(rand.NewSource(7))
	built := 0
	for _, src := range patterns {
		d := patternDFA(src)
		if d == nil {
			continue
		}
		built++
		re := regexp.MustCompile(src)
		texts := []string{"", "a", "1.0.0", "01.0.0", "https://x.example/a?b#c", "2024-02-30T23:59:60Z", "é", "a\n"}
		for i := 0; i < 3000; i++ {
			n := r.Intn(12)
			b := make([]byte, n)
			for j := range b {
				b[j] = alphabet[r.Intn(len(alphabet))]
			}
			texts = append(texts, string(b))
		}
		for _, s := range texts {
			if got, want := d.match(s), re.MatchString(s); got != want {
				t.Fatalf("%q on %q: automaton %v, regexp %v", src, s, got, want)
			}
		}
	}
	if built < 15 {
		t.Fatalf("only %d patterns built an automaton", built)
	}
	for _, src := range []string{".", "(?i)k", "\\bx", "é", "[^a]", "(?m)^a"} {
		if patternDFA(src) != nil {
			t.Errorf("%q: an automaton for a pattern that reads non-ASCII text or asserts more than the ends", src)
		}
	}
}
