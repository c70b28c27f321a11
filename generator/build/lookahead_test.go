package build

import (
	"encoding/json"
	"os/exec"
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skillgen/skillgen/generator/ir"
)

func TestLeadingLookaheads(t *testing.T) {
	for _, c := range []struct {
		src   string
		ahead []ir.Lookahead
		rest  string
	}{
		{`^(?!@@)[\w@]+$`, []ir.Lookahead{{Source: `^(?:@@)`, Negative: true}}, `^[\w@]+$`},
		{`^(?!\.)(?!\./).+`, []ir.Lookahead{{Source: `^(?:\.)`, Negative: true}, {Source: `^(?:\./)`, Negative: true}}, `^.+`},
		{`^(?=[A-Z])[a-z(]*$`, []ir.Lookahead{{Source: `^(?:[A-Z])`}}, `^[a-z(]*$`},
		{`^(?!a|b$)\w(x|y)`, []ir.Lookahead{{Source: `^(?:a|b$)`, Negative: true}}, `^\w(x|y)`},
		{`^(?![)(]\))x`, []ir.Lookahead{{Source: `^(?:[)(]\))`, Negative: true}}, `^x`},
		{`^(?!.*(\{A\}|[<>])).*\.txt$`, []ir.Lookahead{{Source: `^(?:.*(\{A\}|[<>]))`, Negative: true}}, `^.*\.txt$`},
	} {
		ahead, rest, ok := leadingLookaheads(c.src)
		if !ok || rest != c.rest || !cmp.Equal(ahead, c.ahead) {
			t.Errorf("%s: got %v %q %v, want %v %q", c.src, ahead, rest, ok, c.ahead, c.rest)
		}
	}
	for _, src := range []string{
		`(?!a)b`,         // not anchored: the lookahead applies at every position
		`^a(?!b)`,        // not at the start
		`^(?!a)b|c`,      // an alternation: "(^(?!a)b)|c"
		`^(?!(?!a)b)c`,   // a lookahead inside
		`^(?!a)(b)\1`,    // a backreference
		`^(?<=a)b`,       // a lookbehind
		`^(?!a`,          // unbalanced
		`^abc`,           // no lookahead at all
		`^(?!a)b(?<!c)d`, // a lookbehind in the rest
	} {
		if _, _, ok := leadingLookaheads(src); ok {
			t.Errorf("%s: split, want a refusal", src)
		}
	}
}

// TestLeadingLookaheadsMatchLikeECMAScript: for every pattern and string, the split pattern
// (as the generated Go evaluates it) matches exactly when ECMAScript's RegExp (with the "u"
// flag, as the generated TypeScript evaluates it) does.
func TestLeadingLookaheadsMatchLikeECMAScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	patterns := []string{`^(?!@@)[\w@]+$`, `^(?!\.)(?!\./).+`, `^(?=[A-Z])[a-zA-Z0-9.,;()\s]*[^.,;!?: \W]$`,
		`^(?!variables$).+$`, `^(?!relationships$|links$)\w[-\w_]*$`, `^(?!.*(\{A\}|[<>])).*\.[bB][lL][fF]$`,
		`^(?=.*x)(?!.*y).{2,}`, `^(?![ \t\n]*\(default(.*)\))[\s\S]*`}
	strs := []string{"", "@", "@@", "@a", "a@@", "a", "A", "Ab", "Ab.", "Abc d", ".", "./", ".a", "a./", "variables",
		"variablesx", "xvariables", "relationships", "links", "link", "r-1", "{A}.blf", "a.BLF", "<.blf", "x", "xy", "yx", "ax",
		"(default x)", " \t(default)", "default", "é", "Été", "A😀b"}
	type q struct {
		P string `json:"p"`
		S string `json:"s"`
	}
	var qs []q
	for _, p := range patterns {
		for _, s := range strs {
			qs = append(qs, q{p, s})
		}
	}
	in, _ := json.Marshal(qs)
	script := `const qs = JSON.parse(process.argv[1]); console.log(JSON.stringify(qs.map((q) => new RegExp(q.p, "u").test(q.s))));`
	out, err := exec.Command(node, "-e", script, string(in)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []bool
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(qs) {
		t.Fatalf("node said %s (%v)", out, err)
	}
	matched := 0
	for i, c := range qs {
		ahead, rest, ok := leadingLookaheads(c.P)
		if !ok {
			t.Fatalf("%s: not split", c.P)
		}
		got := regexp.MustCompile(rest).MatchString(c.S)
		for _, a := range ahead {
			if regexp.MustCompile(a.Source).MatchString(c.S) == a.Negative {
				got = false
			}
		}
		if got != want[i] {
			t.Errorf("%s on %q: Go %v, ECMAScript %v", c.P, c.S, got, want[i])
		}
		if want[i] {
			matched++
		}
	}
	if matched == 0 || matched == len(qs) {
		t.Errorf("%d of %d matched: the strings do not tell the patterns apart", matched, len(qs))
	}
}
