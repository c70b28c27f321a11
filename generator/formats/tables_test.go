package formats_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"

	"github.com/skillgen/skillgen/generator/formats/internal/unitab"
)

// readTables reads the generated section of a template back into the data it was written from.
func readTables(t *testing.T, path string) (unitab.Tables, string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), path))
	if err != nil {
		t.Fatal(err)
	}
	b, e, err := unitab.Section(src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	section := string(src[b:e])
	// Each constant is a run of quoted pieces after its name.
	value := func(name string) string {
		re := regexp.MustCompile(`(?s)` + name + ` =\s*((?:"[^"\n]*"(?: \+)?\s*)+)`)
		m := re.FindStringSubmatch(section)
		if m == nil {
			t.Fatalf("%s: no %s", path, name)
		}
		var v strings.Builder
		for _, q := range regexp.MustCompile(`"([^"\n]*)"`).FindAllStringSubmatch(m[1], -1) {
			v.WriteString(q[1])
		}
		return v.String()
	}
	lang := unitab.Go
	if strings.HasSuffix(path, ".ts") {
		lang = unitab.TS
	}
	var v [5]string
	for i, name := range lang.Names {
		v[i] = value(name)
	}
	return unitab.Tables{Version: v[0], IDNA: v[1], Ident: v[2], GeneralCategory: v[3], Script: v[4]}, section
}

// TestTablesAgree checks that the Go and TypeScript templates hold the same tables, each
// section exactly as ucdtables writes it.
func TestTablesAgree(t *testing.T) {
	goT, goSection := readTables(t, "templates/go/formats.go.tmpl")
	tsT, tsSection := readTables(t, "templates/ts/formats.ts")
	if goT != tsT {
		t.Fatal("templates/go/formats.go.tmpl and templates/ts/formats.ts hold different tables: run go run ./generator/formats/internal/ucdtables")
	}
	if unitab.Go.Write(goT) != goSection || unitab.TS.Write(tsT) != tsSection {
		t.Fatal("a generated section was edited by hand: run go run ./generator/formats/internal/ucdtables")
	}
}

// TestTablesMatchUnicode derives every code point's IDNA2008 property (RFC 5892 section 3) and
// the attributes the rules read from Go's unicode package and golang.org/x/text (the same
// Unicode version, other sources than the database files the tables were written from) and
// compares them with the tables.
func TestTablesMatchUnicode(t *testing.T) {
	tables, _ := readTables(t, "templates/go/formats.go.tmpl")
	for _, v := range []string{unicode.Version, bidi.UnicodeVersion, norm.Version} {
		if v != tables.Version {
			t.Fatalf("the tables are Unicode %s; Go's unicode is %s, x/text's %s: write them from the Unicode %s database (docs/formats.md)",
				tables.Version, unicode.Version, bidi.UnicodeVersion, unicode.Version)
		}
	}
	idna, err := unitab.Decode(tables.IDNA)
	if err != nil {
		t.Fatal(err)
	}
	ident, err := unitab.Decode(tables.Ident)
	if err != nil {
		t.Fatal(err)
	}
	exceptions := unitab.Exceptions()
	fold := cases.Fold()
	assigned := []*unicode.RangeTable{unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs}
	ignorable := func(r rune) bool { // Default_Ignorable_Code_Point, as DerivedCoreProperties.txt derives it
		return (unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r)) &&
			!unicode.Is(unicode.White_Space, r) && !(r >= 0xFFF9 && r <= 0xFFFB) && !(r >= 0x13430 && r <= 0x1343F) &&
			!unicode.Is(unicode.Prepended_Concatenation_Mark, r)
	}
	oldJamo := func(r rune) bool { // Hangul_Syllable_Type L, V and T
		return r >= 0x1100 && r <= 0x11FF || r >= 0xA960 && r <= 0xA97C || r >= 0xD7B0 && r <= 0xD7C6 || r >= 0xD7CB && r <= 0xD7FB
	}
	bidiCodes := map[bidi.Class]int{bidi.L: unitab.BidiL, bidi.R: unitab.BidiR, bidi.AL: unitab.BidiAL, bidi.AN: unitab.BidiAN,
		bidi.EN: unitab.BidiEN, bidi.ES: unitab.BidiES, bidi.CS: unitab.BidiCS, bidi.ET: unitab.BidiET, bidi.ON: unitab.BidiON,
		bidi.BN: unitab.BidiBN, bidi.NSM: unitab.BidiNSM}
	scripts := []struct {
		table *unicode.RangeTable
		code  int
	}{{unicode.Greek, unitab.ScriptGreek}, {unicode.Hebrew, unitab.ScriptHebrew}, {unicode.Hiragana, unitab.ScriptHiragana},
		{unicode.Katakana, unitab.ScriptKatakana}, {unicode.Han, unitab.ScriptHan}}
	counts := map[int]int{}
	mismatches := 0
	for r := rune(0); r <= unicode.MaxRune; r++ {
		var p int
		if x, ok := exceptions[r]; ok {
			p = x
		} else {
			switch s := string(r); {
			case !unicode.In(r, assigned...) && !unicode.Is(unicode.Noncharacter_Code_Point, r):
				p = unitab.Disallowed
			case r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z':
				p = unitab.PValid
			case unicode.Is(unicode.Join_Control, r):
				p = unitab.ContextJ
			case !unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lo, unicode.Nd, unicode.Lm, unicode.Mn, unicode.Mc):
				p = unitab.Disallowed
			case r >= 0x13A0 && r <= 0x13F5:
				// Cherokee capitals: CaseFolding.txt folds the small letters to them (since Unicode 8),
				// so they are stable and PVALID; x/text's Fold lower-cases them instead.
				p = unitab.PValid
			case norm.NFKC.String(fold.String(norm.NFKC.String(s))) != s, ignorable(r), unicode.Is(unicode.White_Space, r),
				unicode.Is(unicode.Noncharacter_Code_Point, r), unitab.IgnorableBlock(r), oldJamo(r):
				p = unitab.Disallowed
			default:
				p = unitab.PValid
			}
		}
		got := unitab.Unpack(unitab.Lookup(idna, r))
		counts[got.Property]++
		want := unitab.IDNAValue{Property: p}
		if p != unitab.Disallowed {
			props, _ := bidi.LookupRune(r)
			want.Bidi = bidiCodes[props.Class()]
			want.Join = got.Join // no independent source of joining types
			want.Virama = norm.NFC.PropertiesString(string(r)).CCC() == 9
			want.Mark = unicode.Is(unicode.M, r)
			for _, s := range scripts {
				if unicode.Is(s.table, r) {
					want.Script = s.code
				}
			}
		}
		if got != want && mismatches < 20 {
			mismatches++
			t.Errorf("U+%04X: the table says %+v, Unicode %+v", r, got, want)
		}
		// ECMAScript identifiers: ID_Start and ID_Continue, derived as DerivedCoreProperties.txt does.
		pattern := unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space)
		start := unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start) && !pattern
		cont := (start || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)) && !pattern
		wantIdent := unitab.IdentNone
		if start {
			wantIdent = unitab.IdentStart
		} else if cont {
			wantIdent = unitab.IdentPart
		}
		if got := unitab.Lookup(ident, r); got != wantIdent && mismatches < 20 {
			mismatches++
			t.Errorf("U+%04X: the identifier table says %d, Unicode %d", r, got, wantIdent)
		}
	}
	t.Logf("Unicode %s: %d PVALID, %d CONTEXTJ, %d CONTEXTO code points", tables.Version, counts[unitab.PValid], counts[unitab.ContextJ], counts[unitab.ContextO])
	// The value names \p{…} accepts include every General_Category and Script Go knows.
	for name := range unicode.Categories {
		if !strings.Contains(" "+tables.GeneralCategory+" ", " "+name+" ") {
			t.Errorf("General_Category %s is missing from the names", name)
		}
	}
	for name := range unicode.Scripts {
		if !strings.Contains(" "+tables.Script+" ", " "+name+" ") {
			t.Errorf("Script %s is missing from the names", name)
		}
	}
}
