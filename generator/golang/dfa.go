package golang

import (
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// A pattern whose every character class and literal is ASCII, with no assertion but the
// beginning and the end of the text (the identifier, semver, URL and date-time shapes of the
// canonical schema), is matched by a table: a DFA over bytes built here from RE2's own program
// for the pattern, which decides exactly what regexp.MatchString decides, with one table
// lookup per byte and nothing allocated. Any other pattern keeps its *regexp.Regexp.

// dfaMaxStates bounds the tables written into generated code.
const dfaMaxStates = 1024

// dfa is a pattern's automaton. State 0 is the start; next[s*width+class] is the state after a
// byte of that class; final[s] says whether the text matches when it ends in s. accept is the
// state every match leads to and never leaves (-1: none), dead the state no match can leave
// (-1: none).
type dfa struct {
	classes      [256]byte
	width        int
	next         []int
	final        []bool
	accept, dead int
}

// match runs the automaton on s, as the generated sgDFA.MatchString does.
func (d *dfa) match(s string) bool {
	st := 0
	for i := 0; i < len(s); i++ {
		st = d.next[st*d.width+int(d.classes[s[i]])]
		if st == d.accept {
			return true
		}
		if st == d.dead {
			return false
		}
	}
	return d.final[st]
}

// patternDFA builds the automaton of src as regexp.MustCompile reads it, or returns nil.
func patternDFA(src string) *dfa {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return nil
	}
	var runes []int // the instructions that read a character
	for pc, in := range prog.Inst {
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch, syntax.InstCapture, syntax.InstNop, syntax.InstMatch, syntax.InstFail:
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^(syntax.EmptyBeginText|syntax.EmptyEndText) != 0 {
				return nil
			}
		case syntax.InstRune, syntax.InstRune1:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 || len(in.Rune) == 0 {
				return nil
			}
			for _, r := range in.Rune {
				if r > 0x7f {
					return nil
				}
			}
			runes = append(runes, pc)
		default:
			return nil // any character: non-ASCII ones too
		}
	}
	// Bytes that every instruction treats alike share a class; no instruction reads a byte
	// above 0x7f, which can only end the threads that reach it.
	var d dfa
	sigs := map[string]byte{}
	for b := 0; b < 256; b++ {
		var sig strings.Builder
		for _, pc := range runes {
			if b < 0x80 && prog.Inst[pc].MatchRune(rune(b)) {
				sig.WriteByte('1')
			} else {
				sig.WriteByte('0')
			}
		}
		c, ok := sigs[sig.String()]
		if !ok {
			c = byte(len(sigs))
			sigs[sig.String()] = c
		}
		d.classes[b] = c
	}
	d.width = len(sigs)
	rep := make([]int, d.width) // a byte of each class
	for b := 255; b >= 0; b-- {
		rep[d.classes[b]] = b
	}

	// A thread set is the sorted program counters of the threads waiting on a character or on
	// the end of the text; matched: a thread reached the match (the text matches, whatever
	// follows, MatchString looking for a match anywhere).
	type set struct {
		pcs     []int
		matched bool
	}
	closure := func(into *set, pc int, begin bool, seen map[int]bool) {
		var walk func(pc int)
		walk = func(pc int) {
			if seen[pc] {
				return
			}
			seen[pc] = true
			in := prog.Inst[pc]
			switch in.Op {
			case syntax.InstAlt, syntax.InstAltMatch:
				walk(int(in.Out))
				walk(int(in.Arg))
			case syntax.InstCapture, syntax.InstNop:
				walk(int(in.Out))
			case syntax.InstMatch:
				into.matched = true
			case syntax.InstEmptyWidth:
				op := syntax.EmptyOp(in.Arg)
				if op&syntax.EmptyBeginText != 0 && !begin {
					return
				}
				if op&syntax.EmptyEndText != 0 {
					into.pcs = append(into.pcs, pc) // passes at the end only
					return
				}
				walk(int(in.Out))
			case syntax.InstRune, syntax.InstRune1:
				into.pcs = append(into.pcs, pc)
			}
		}
		walk(pc)
	}
	// atEnd reports whether the threads of s reach the match at the end of the text.
	unsupported := false
	atEnd := func(s set) bool {
		if s.matched {
			return true
		}
		for _, pc := range s.pcs {
			in := prog.Inst[pc]
			if in.Op != syntax.InstEmptyWidth {
				continue
			}
			// Past the end-of-text assertion, only another one or the match can pass.
			var walk func(pc int, seen map[int]bool) bool
			walk = func(pc int, seen map[int]bool) bool {
				if seen[pc] {
					return false
				}
				seen[pc] = true
				in := prog.Inst[pc]
				switch in.Op {
				case syntax.InstMatch:
					return true
				case syntax.InstAlt, syntax.InstAltMatch:
					return walk(int(in.Out), seen) || walk(int(in.Arg), seen)
				case syntax.InstCapture, syntax.InstNop:
					return walk(int(in.Out), seen)
				case syntax.InstEmptyWidth:
					op := syntax.EmptyOp(in.Arg)
					if op&syntax.EmptyBeginText != 0 {
						// True at the end of an empty text only: not worth telling apart.
						unsupported = true
						return false
					}
					return walk(int(in.Out), seen)
				}
				return false
			}
			if walk(int(in.Out), map[int]bool{}) {
				return true
			}
		}
		return false
	}
	key := func(s set) string {
		if s.matched {
			return "match"
		}
		var b strings.Builder
		for _, pc := range s.pcs {
			b.WriteString(strconv.Itoa(pc))
			b.WriteByte(',')
		}
		return b.String()
	}
	norm := func(s set) set {
		slices.Sort(s.pcs)
		s.pcs = slices.Compact(s.pcs)
		if s.matched {
			s.pcs = nil
		}
		return s
	}

	var start set
	closure(&start, prog.Start, true, map[int]bool{})
	states := []set{norm(start)}
	index := map[string]int{key(states[0]): 0}
	d.accept, d.dead = -1, -1
	for i := 0; i < len(states); i++ {
		s := states[i]
		for c := 0; c < d.width; c++ {
			var t set
			if s.matched {
				t.matched = true
			} else {
				seen := map[int]bool{}
				for _, pc := range s.pcs {
					in := prog.Inst[pc]
					if in.Op != syntax.InstEmptyWidth && rep[c] < 0x80 && in.MatchRune(rune(rep[c])) {
						closure(&t, int(in.Out), false, seen)
					}
				}
				// A match may start at every position.
				closure(&t, prog.Start, false, seen)
			}
			t = norm(t)
			k := key(t)
			j, ok := index[k]
			if !ok {
				if len(states) >= dfaMaxStates {
					return nil
				}
				j = len(states)
				states = append(states, t)
				index[k] = j
			}
			d.next = append(d.next, j)
		}
	}
	for i, s := range states {
		d.final = append(d.final, atEnd(s))
		if unsupported {
			return nil
		}
		if s.matched {
			d.accept = i
		}
		if len(s.pcs) == 0 && !s.matched {
			d.dead = i
		}
	}
	return &d
}

// dfaValue is the sgDFA composite literal of d.
func dfaValue(d *dfa) jen.Code {
	var next, final strings.Builder
	for _, j := range d.next {
		next.WriteByte(byte(j))
		next.WriteByte(byte(j >> 8))
	}
	for _, f := range d.final {
		if f {
			final.WriteByte(1)
		} else {
			final.WriteByte(0)
		}
	}
	return jen.Id("sgDFA").Values(jen.Dict{
		jen.Id("classes"): jen.Lit(string(d.classes[:])),
		jen.Id("width"):   jen.Lit(d.width),
		jen.Id("next"):    jen.Lit(next.String()),
		jen.Id("final"):   jen.Lit(final.String()),
		jen.Id("accept"):  jen.Lit(d.accept),
		jen.Id("dead"):    jen.Lit(d.dead),
	})
}
