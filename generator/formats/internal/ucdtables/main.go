// Command ucdtables writes the Unicode tables of the format checkers (templates/go/formats.go.tmpl
// and templates/ts/formats.ts) from the Unicode Character Database: the IDNA2008 derived
// property of every code point (RFC 5892 section 3) with the Bidi class (RFC 5893), joining
// type, virama and script that the contextual rules read, the identifier characters of
// ECMAScript group names, and the General_Category and Script value names of \p{…}.
//
//	go run ./generator/formats/internal/ucdtables [-ucd /usr/share/unicode]
//
// The database of the Debian package unicode-data is the default. Both templates get the same
// text between their BEGIN and END lines; everything else in them is left as it is.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/formats/internal/unitab"
)

const maxRune = 0x10FFFF

func main() {
	ucd := flag.String("ucd", "/usr/share/unicode", "folder of the Unicode Character Database")
	root := flag.String("root", ".", "repository root")
	flag.Parse()
	if err := run(*ucd, *root); err != nil {
		fmt.Fprintln(os.Stderr, "ucdtables:", err)
		os.Exit(1)
	}
}

// db reads the database; the first error it meets is kept in err (and the readings after it
// give empty tables).
type db struct {
	dir     string
	version string
	err     error
}

// ranges reads a UCD file of "XXXX[..YYYY] ; value ..." lines (its "# @missing" defaults
// first, when withMissing) and calls set for every code point of every line.
func (d *db) ranges(name string, field int, withMissing bool, set func(r rune, v string)) error {
	data, err := os.ReadFile(filepath.Join(d.dir, name))
	if err != nil {
		return err
	}
	apply := func(line string) error {
		fields := strings.Split(line, ";")
		if len(fields) <= field {
			return fmt.Errorf("%s: short line %q", name, line)
		}
		lo, hi, err := cpRange(strings.TrimSpace(fields[0]))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		v := strings.TrimSpace(fields[field])
		for r := lo; r <= hi; r++ {
			set(r, v)
		}
		return nil
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if m, ok := strings.CutPrefix(line, "# @missing: "); ok {
			if withMissing {
				if err := apply(m); err != nil {
					return err
				}
			}
			continue
		}
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) != "" {
			lines = append(lines, line)
		}
	}
	for _, l := range lines {
		if err := apply(l); err != nil {
			return err
		}
	}
	return nil
}

func cpRange(s string) (rune, rune, error) {
	a, b, found := strings.Cut(s, "..")
	lo, err := strconv.ParseUint(a, 16, 32)
	if err != nil {
		return 0, 0, err
	}
	hi := lo
	if found {
		if hi, err = strconv.ParseUint(b, 16, 32); err != nil {
			return 0, 0, err
		}
	}
	return rune(lo), rune(hi), nil
}

// set reads a property file into a set of code points with one of the given values.
func (d *db) set(name string, values ...string) []bool {
	out := make([]bool, maxRune+1)
	if d.err == nil {
		d.err = d.ranges(name, 1, false, func(r rune, v string) {
			for _, want := range values {
				if v == want {
					out[r] = true
				}
			}
		})
	}
	return out
}

// values reads a property file into one value per code point.
func (d *db) values(name string, field int) []string {
	out := make([]string, maxRune+1)
	if d.err == nil {
		d.err = d.ranges(name, field, true, func(r rune, v string) { out[r] = v })
	}
	return out
}

func run(dir, root string) error {
	d := &db{dir: dir}
	head, err := os.ReadFile(filepath.Join(dir, "DerivedCoreProperties.txt"))
	if err != nil {
		return err
	}
	m := regexp.MustCompile(`DerivedCoreProperties-(\d+\.\d+\.\d+)\.txt`).FindSubmatch(head)
	if m == nil {
		return fmt.Errorf("%s: no version line", dir)
	}
	d.version = string(m[1])

	idna, err := idnaTable(d)
	if err != nil {
		return err
	}
	ident, err := identTable(d)
	if err != nil {
		return err
	}
	gc, sc, err := valueNames(d)
	if err != nil {
		return err
	}
	t := unitab.Tables{Version: d.version, IDNA: encode(idna), Ident: encode(ident), GeneralCategory: gc, Script: sc}
	for _, f := range []struct {
		path string
		lang unitab.Language
	}{
		{"templates/go/formats.go.tmpl", unitab.Go},
		{"templates/ts/formats.ts", unitab.TS},
	} {
		p := filepath.Join(root, f.path)
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out, err := unitab.ReplaceTables(src, f.lang.Write(t))
		if err != nil {
			return fmt.Errorf("%s: %w", f.path, err)
		}
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("Unicode %s: IDNA %d ranges, identifiers %d ranges, %d + %d value names\n",
		d.version, len(idna), len(ident), len(strings.Fields(gc)), len(strings.Fields(sc)))
	return nil
}

// entry starts a range of code points with one value (up to the next entry's start).
type entry struct {
	start rune
	value int
}

func compress(v []int) []entry {
	var out []entry
	for r, x := range v {
		if len(out) == 0 || out[len(out)-1].value != x {
			out = append(out, entry{rune(r), x})
		}
	}
	return out
}

func encode(es []entry) string {
	var prev rune
	var b []byte
	for _, e := range es {
		b = unitab.AppendVarint(b, uint32(e.start-prev))
		b = unitab.AppendVarint(b, uint32(e.value))
		prev = e.start
	}
	return string(b)
}

func idnaTable(d *db) ([]entry, error) {
	gc := d.values("extracted/DerivedGeneralCategory.txt", 1)
	bidi := d.values("extracted/DerivedBidiClass.txt", 1)
	jt := d.values("extracted/DerivedJoiningType.txt", 1)
	ccc := d.values("extracted/DerivedCombiningClass.txt", 1)
	scripts := d.values("Scripts.txt", 1)
	nfkccf := d.set("DerivedNormalizationProps.txt", "NFKC_CF")
	ignorable := d.set("DerivedCoreProperties.txt", "Default_Ignorable_Code_Point")
	props := d.set("PropList.txt", "White_Space", "Noncharacter_Code_Point")
	nchar := d.set("PropList.txt", "Noncharacter_Code_Point")
	join := d.set("PropList.txt", "Join_Control")
	jamo := d.set("HangulSyllableType.txt", "L", "V", "T")
	if d.err != nil {
		return nil, d.err
	}
	exceptions := unitab.Exceptions()
	bidiCodes := map[string]int{"L": unitab.BidiL, "R": unitab.BidiR, "AL": unitab.BidiAL, "AN": unitab.BidiAN,
		"EN": unitab.BidiEN, "ES": unitab.BidiES, "CS": unitab.BidiCS, "ET": unitab.BidiET, "ON": unitab.BidiON,
		"BN": unitab.BidiBN, "NSM": unitab.BidiNSM,
		// The long names, which the "@missing" lines use.
		"Left_To_Right": unitab.BidiL, "Right_To_Left": unitab.BidiR, "Arabic_Letter": unitab.BidiAL,
		"European_Terminator": unitab.BidiET}
	jtCodes := map[string]int{"U": unitab.JoinU, "L": unitab.JoinL, "D": unitab.JoinD, "R": unitab.JoinR,
		"T": unitab.JoinT, "C": unitab.JoinC, "Non_Joining": unitab.JoinU}
	scriptCodes := map[string]int{"Greek": unitab.ScriptGreek, "Hebrew": unitab.ScriptHebrew,
		"Hiragana": unitab.ScriptHiragana, "Katakana": unitab.ScriptKatakana, "Han": unitab.ScriptHan}
	letterDigits := map[string]bool{"Ll": true, "Lu": true, "Lo": true, "Nd": true, "Lm": true, "Mn": true, "Mc": true}

	v := make([]int, maxRune+1)
	for r := rune(0); r <= maxRune; r++ {
		g := gc[r]
		if g == "" {
			g = "Cn"
		}
		var p int
		if x, ok := exceptions[r]; ok {
			p = x
		} else {
			switch {
			case g == "Cn" && !nchar[r]:
				p = unitab.Disallowed // UNASSIGNED
			case r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z':
				p = unitab.PValid
			case join[r]:
				p = unitab.ContextJ
			case nfkccf[r], ignorable[r], props[r], unitab.IgnorableBlock(r), jamo[r]:
				p = unitab.Disallowed
			case letterDigits[g]:
				p = unitab.PValid
			default:
				p = unitab.Disallowed
			}
		}
		if p == unitab.Disallowed {
			continue
		}
		j, ok := jtCodes[jt[r]]
		if !ok {
			return nil, fmt.Errorf("U+%04X: joining type %q", r, jt[r])
		}
		x := unitab.IDNAValue{
			Property: p,
			Bidi:     bidiCodes[bidi[r]],
			Join:     j,
			Virama:   ccc[r] == "9",
			Mark:     strings.HasPrefix(g, "M"),
			Script:   scriptCodes[scripts[r]],
		}
		v[r] = x.Pack()
	}
	return compress(v), nil
}

func identTable(d *db) ([]entry, error) {
	start := d.set("DerivedCoreProperties.txt", "ID_Start")
	cont := d.set("DerivedCoreProperties.txt", "ID_Continue")
	if d.err != nil {
		return nil, d.err
	}
	v := make([]int, maxRune+1)
	for r := range v {
		switch {
		case start[r]:
			v[r] = unitab.IdentStart
		case cont[r]:
			v[r] = unitab.IdentPart
		}
	}
	return compress(v), nil
}

// valueNames returns the General_Category and Script value names and aliases, each list sorted
// and space-separated.
func valueNames(d *db) (string, string, error) {
	data, err := os.ReadFile(filepath.Join(d.dir, "PropertyValueAliases.txt"))
	if err != nil {
		return "", "", err
	}
	names := map[string]map[string]bool{"gc": {}, "sc": {}}
	for _, line := range strings.Split(string(data), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Split(line, ";")
		if len(fields) < 3 {
			continue
		}
		set, ok := names[strings.TrimSpace(fields[0])]
		if !ok {
			continue
		}
		for _, f := range fields[1:] {
			if f = strings.TrimSpace(f); f != "" {
				set[f] = true
			}
		}
	}
	list := func(set map[string]bool) string {
		var out []string
		for n := range set {
			out = append(out, n)
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	return list(names["gc"]), list(names["sc"]), nil
}
