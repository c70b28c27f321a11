package schemafuzz

import (
	"math/rand/v2"
	"regexp"
	"strings"
)

// alphabet is what generated strings are made of: ASCII letters and digits, punctuation that
// patterns care about, a space and a newline, and code points outside ASCII (two bytes, and
// an astral one, a surrogate pair in UTF-16) where lengths in code points, bytes and UTF-16
// units differ. It has no carriage return and no U+2028/U+2029: an ECMAScript "." refuses
// those and an RE2 "." accepts them, and the patterns below are chosen to mean the same in both.
var alphabet = []string{"a", "b", "c", "x", "A", "Z", "0", "1", "7", "-", "_", ".", " ", "\n", "é", "ß", "€", "😀"}

// patterns read the same under RE2 (Go, santhosh-tekuri) and ECMAScript with the "u" flag
// (the generated TypeScript, ajv) over strings of the alphabet: no lookaround, no
// backreferences, no \s, no flags. Each comes with strings that match it, so that documents
// can satisfy it.
var patterns = []struct {
	src     string
	matches []string
}{
	{"^a", []string{"a", "ab", "a😀"}},
	{"b$", []string{"b", "ab", "éb"}},
	{"^[a-c]*$", []string{"", "abc", "ca"}},
	{"^[0-9]+$", []string{"0", "17", "007"}},
	{"a{2}", []string{"aa", "xaab"}},
	{"^(ab|ba)+$", []string{"ab", "baab"}},
	{"[A-Z]", []string{"A", "xZ"}},
	{"^\\d{1,3}$", []string{"1", "70", "101"}},
	{"^[^a]*$", []string{"", "b", "😀x"}},
	{"é", []string{"é", "xéb"}},
	{"😀", []string{"😀", "a😀"}},
	{"^.{0,2}$", []string{"", "a", "😀é"}},
	{"^\\w+$", []string{"a", "a_1", "Z"}},
	{"^-?[0-9]+(\\.[0-9]+)?$", []string{"1", "-7", "1.07"}},
	{"^$", []string{""}},
	{"a|b", []string{"a", "xb"}},
	{"^x-", []string{"x-", "x-a"}},
	{"_$", []string{"_", "a_"}},
	{"[€ß]", []string{"€", "aß"}},
	{"^[a-z]+-[0-9]$", []string{"a-1", "abc-7"}},
}

// propertyPatterns are the patterns used as patternProperties keys and propertyNames
// patterns: they match some of the property names documents use.
var propertyPatterns = []string{"^x-", "^[0-9]+$", "a", "^p", "_$", "^[a-c]*$", "é", "^\\w+$"}

// propertyNames are the names schemas give their properties: plain ones, ones the property
// patterns match, and ones needing JSON Pointer escapes or outside ASCII.
var propertyNames = []string{"a", "b", "c", "id", "name", "p1", "p2", "x-ext", "x-a", "10", "7", "ab_", "é", "a/b", "t~0", "", "A B", "b😀"}

var compiled = map[string]*regexp.Regexp{}

func init() {
	for _, p := range patterns {
		compiled[p.src] = regexp.MustCompile(p.src)
		for _, m := range p.matches {
			if !compiled[p.src].MatchString(m) {
				panic("schemafuzz: sample " + m + " does not match " + p.src)
			}
		}
	}
	for _, p := range propertyPatterns {
		compiled[p] = regexp.MustCompile(p)
	}
}

// matching returns a string that matches src, preferring one whose length (in code points)
// is within [lo, hi] (hi < 0: no bound), and whether it found one within the bounds.
func matching(r *rand.Rand, src string, lo, hi int) (string, bool) {
	re := compiled[src]
	var cands []string
	for _, p := range patterns {
		if p.src == src {
			cands = append(cands, p.matches...)
		}
	}
	for range 40 {
		cands = append(cands, randString(r, lo, hi))
	}
	var fit []string
	for _, c := range cands {
		if re.MatchString(c) && inLength(c, lo, hi) {
			fit = append(fit, c)
		}
	}
	if len(fit) > 0 {
		return fit[r.IntN(len(fit))], true
	}
	// Pad a sample to the lower bound when the pattern is not anchored at the end.
	for _, c := range cands {
		if !re.MatchString(c) {
			continue
		}
		for n := 0; n < 8 && !inLength(c, lo, hi); n++ {
			c += "a"
		}
		if re.MatchString(c) && inLength(c, lo, hi) {
			return c, true
		}
	}
	for _, c := range cands {
		if re.MatchString(c) {
			return c, false
		}
	}
	return "", false
}

// notMatching returns a string that src does not match, within [lo, hi] when it can.
func notMatching(r *rand.Rand, src string, lo, hi int) string {
	re := compiled[src]
	for range 60 {
		s := randString(r, lo, hi)
		if !re.MatchString(s) {
			return s
		}
	}
	for _, s := range []string{"", " ", "😀", "-", "aaaa", "ZZZ"} {
		if !re.MatchString(s) {
			return s
		}
	}
	return "\n"
}

func inLength(s string, lo, hi int) bool {
	n := codePoints(s)
	return n >= lo && (hi < 0 || n <= hi)
}

func codePoints(s string) int { return len([]rune(s)) }

// randString draws a string of the alphabet with a length (in code points) in [lo, hi],
// short when there is no upper bound.
func randString(r *rand.Rand, lo, hi int) string {
	if hi < 0 || hi > lo+6 {
		hi = lo + 6
	}
	n := lo
	if hi > lo {
		n += r.IntN(hi - lo + 1)
	}
	var b strings.Builder
	for range n {
		b.WriteString(alphabet[r.IntN(len(alphabet))])
	}
	return b.String()
}
