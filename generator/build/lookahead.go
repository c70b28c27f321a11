package build

import (
	"regexp"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// leadingLookaheads splits a pattern of the form "^(?!a)(?=b)…rest", whose lookaheads RE2 does
// not have, into the lookaheads ("^(?:a)", negative; "^(?:b)") and the rest ("^rest"): the
// pattern matches a string when every lookahead matches at its start (a negative one does not)
// and the rest matches, because "^" pins all of them to the start and a lookahead consumes
// nothing. ok is false for any other pattern, and when a part still needs what RE2 lacks, or
// the rest is an alternation ("^(?!a)b|c" is "(^(?!a)b)|c").
func leadingLookaheads(src string) (ahead []ir.Lookahead, rest string, ok bool) {
	if !strings.HasPrefix(src, "^") {
		return nil, "", false
	}
	pos := 1
	for strings.HasPrefix(src[pos:], "(?=") || strings.HasPrefix(src[pos:], "(?!") {
		end, found := groupEnd(src, pos)
		if !found {
			return nil, "", false
		}
		ahead = append(ahead, ir.Lookahead{Source: "^(?:" + src[pos+3:end] + ")", Negative: src[pos+2] == '!'})
		pos = end + 1
	}
	if len(ahead) == 0 {
		return nil, "", false
	}
	rest = "^" + src[pos:]
	if topLevelAlternation(src[pos:]) {
		return nil, "", false
	}
	for _, part := range append([]string{rest}, sources(ahead)...) {
		if ecmaOnly.MatchString(part) {
			return nil, "", false
		}
		if _, err := regexp.Compile(part); err != nil {
			return nil, "", false
		}
	}
	return ahead, rest, true
}

func sources(ahead []ir.Lookahead) []string {
	out := make([]string, len(ahead))
	for i, a := range ahead {
		out[i] = a.Source
	}
	return out
}

// groupEnd returns the index of the parenthesis closing the group opened at src[open].
func groupEnd(src string, open int) (end int, found bool) {
	scan(src[open:], func(i int, c byte, depth int) bool {
		if c == ')' && depth == 0 {
			end, found = open+i, true
			return false
		}
		return true
	})
	return end, found
}

// topLevelAlternation reports whether src has a "|" outside groups and classes.
func topLevelAlternation(src string) (alt bool) {
	scan(src, func(_ int, c byte, depth int) bool {
		alt = c == '|' && depth == 0
		return !alt
	})
	return alt
}

// scan hands visit each character of a pattern outside escapes and character classes, with
// the depth of the groups around it (after a ")" is counted), until visit returns false.
func scan(src string, visit func(i int, c byte, depth int) bool) {
	depth := 0
	inClass := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
			if i+1 < len(src) && src[i+1] == ']' {
				i++ // "[]…]": the first ] is a member
			}
		default:
			switch c {
			case '(':
				depth++
			case ')':
				depth--
			}
			if !visit(i, c, depth) {
				return
			}
		}
	}
}
