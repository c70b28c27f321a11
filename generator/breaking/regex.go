package breaking

import (
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
)

// stringFor draws a string a regular expression matches (best effort: the result is checked by
// the caller's validator, never trusted). Unanchored patterns get nothing around the match.
func stringFor(r *rand.Rand, pattern string) (string, bool) {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	if !writeRegex(r, &b, re.Simplify(), 0) {
		return "", false
	}
	return b.String(), true
}

func writeRegex(r *rand.Rand, b *strings.Builder, re *syntax.Regexp, depth int) bool {
	if depth > 50 || b.Len() > 4000 {
		return true
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, c := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 && r.IntN(2) == 0 {
				c = []rune(strings.ToUpper(string(c)))[0]
			}
			b.WriteRune(c)
		}
	case syntax.OpCharClass:
		if len(re.Rune) == 0 {
			return false
		}
		i := 2 * r.IntN(len(re.Rune)/2)
		lo, hi := re.Rune[i], re.Rune[i+1]
		// Printable ASCII where the range offers it.
		if lo <= 'z' && hi >= 'a' {
			lo, hi = max(lo, 'a'), min(hi, 'z')
		} else if lo <= '9' && hi >= '0' {
			lo, hi = max(lo, '0'), min(hi, '9')
		} else if hi > lo+64 {
			hi = lo + 64
		}
		b.WriteRune(lo + rune(r.IntN(int(hi-lo)+1)))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteRune('a' + rune(r.IntN(26)))
	case syntax.OpCapture:
		return writeRegex(r, b, re.Sub[0], depth+1)
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !writeRegex(r, b, s, depth+1) {
				return false
			}
		}
	case syntax.OpAlternate:
		start := r.IntN(len(re.Sub))
		for k := range re.Sub {
			var t strings.Builder
			if writeRegex(r, &t, re.Sub[(start+k)%len(re.Sub)], depth+1) {
				b.WriteString(t.String())
				return true
			}
		}
		return false
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 {
				hi = lo + 3
			}
		}
		if lo > 1000 {
			lo = 1000
		}
		if hi > lo+3 {
			hi = lo + 3
		}
		n := lo + r.IntN(hi-lo+1)
		for range n {
			if !writeRegex(r, b, re.Sub[0], depth+1) {
				return false
			}
		}
	}
	return true
}

var (
	reMu    sync.Mutex
	reCache = map[string]*regexp.Regexp{}
)

// matches reports whether s matches the pattern under RE2 (false when it does not compile).
func matches(pattern, s string) bool {
	reMu.Lock()
	re, ok := reCache[pattern]
	if !ok {
		re, _ = regexp.Compile(pattern)
		reCache[pattern] = re
	}
	reMu.Unlock()
	return re != nil && re.MatchString(s)
}
