// Package unitab holds what the Unicode tables of the format checkers share between the
// command that writes them (ucdtables) and the tests that read them back: the packing of an
// IDNA value, the text encoding of a range table, and the section of each template they live in.
package unitab

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// IDNA2008 derived property values (RFC 5892 section 5.1); UNASSIGNED is stored as Disallowed.
const (
	Disallowed = 0
	PValid     = 1
	ContextJ   = 2
	ContextO   = 3
)

// Exceptions returns RFC 5892 section 2.6 (F): the code points whose property is fixed.
func Exceptions() map[rune]int {
	m := map[rune]int{
		0x00DF: PValid, 0x03C2: PValid, 0x06FD: PValid, 0x06FE: PValid, 0x0F0B: PValid, 0x3007: PValid,
		0x00B7: ContextO, 0x0375: ContextO, 0x05F3: ContextO, 0x05F4: ContextO, 0x30FB: ContextO,
		0x0640: Disallowed, 0x07FA: Disallowed, 0x302E: Disallowed, 0x302F: Disallowed, 0x3031: Disallowed,
		0x3032: Disallowed, 0x3033: Disallowed, 0x3034: Disallowed, 0x3035: Disallowed, 0x303B: Disallowed,
	}
	for r := rune(0x0660); r <= 0x0669; r++ {
		m[r] = ContextO
	}
	for r := rune(0x06F0); r <= 0x06F9; r++ {
		m[r] = ContextO
	}
	return m
}

// IgnorableBlock is RFC 5892 section 2.4 (D): Combining Diacritical Marks for Symbols, Musical
// Symbols, Ancient Greek Musical Notation.
func IgnorableBlock(r rune) bool {
	return r >= 0x20D0 && r <= 0x20FF || r >= 0x1D100 && r <= 0x1D1FF || r >= 0x1D200 && r <= 0x1D24F
}

// Bidi classes that RFC 5893 names (BidiOther is every other class).
const (
	BidiOther = iota
	BidiL
	BidiR
	BidiAL
	BidiAN
	BidiEN
	BidiES
	BidiCS
	BidiET
	BidiON
	BidiBN
	BidiNSM
)

// Joining types (Unicode ArabicShaping.txt).
const (
	JoinU = iota
	JoinL
	JoinD
	JoinR
	JoinT
	JoinC
)

// Scripts that the contextual rules of RFC 5892 appendix A name.
const (
	ScriptOther = iota
	ScriptGreek
	ScriptHebrew
	ScriptHiragana
	ScriptKatakana
	ScriptHan
)

// Identifier classes of the ECMAScript group-name table.
const (
	IdentNone  = 0
	IdentPart  = 1 // ID_Continue, not ID_Start
	IdentStart = 2 // ID_Start (and so ID_Continue)
)

// IDNAValue is what the IDNA table says of one code point; the checkers unpack it with the same
// shifts as Pack.
type IDNAValue struct {
	Property int // Disallowed, PValid, ContextJ or ContextO
	Bidi     int
	Join     int
	Virama   bool // Canonical_Combining_Class 9
	Mark     bool // General_Category M
	Script   int
}

// Pack gives the table value: property in bits 0-1, Bidi class 2-5, joining type 6-8, virama 9,
// mark 10, script 11-13.
func (v IDNAValue) Pack() int {
	x := v.Property | v.Bidi<<2 | v.Join<<6 | v.Script<<11
	if v.Virama {
		x |= 1 << 9
	}
	if v.Mark {
		x |= 1 << 10
	}
	return x
}

// Unpack is the inverse of Pack.
func Unpack(x int) IDNAValue {
	return IDNAValue{
		Property: x & 3, Bidi: x >> 2 & 15, Join: x >> 6 & 7,
		Virama: x>>9&1 == 1, Mark: x>>10&1 == 1, Script: x >> 11 & 7,
	}
}

// The table text: each range is the distance of its first code point from the previous range's
// (the first from 0) and its value, each a varint of base-32 digits, least significant first,
// written with digit characters; a digit below 32 ends the number.
const (
	lastDigits = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
	moreDigits = "WXYZabcdefghijklmnopqrstuvwxyz!#"
)

// AppendVarint writes x in the table encoding.
func AppendVarint(b []byte, x uint32) []byte {
	for x >= 32 {
		b = append(b, moreDigits[x&31])
		x >>= 5
	}
	return append(b, lastDigits[x])
}

// Range is one decoded table range: from Start up to the next range's start, Value.
type Range struct {
	Start rune
	Value int
}

// Decode reads a table written with AppendVarint pairs.
func Decode(s string) ([]Range, error) {
	var out []Range
	var nums []uint32
	var x uint32
	var shift uint
	for i := 0; i < len(s); i++ {
		if d := strings.IndexByte(moreDigits, s[i]); d >= 0 {
			x |= uint32(d) << shift
			shift += 5
			continue
		}
		d := strings.IndexByte(lastDigits, s[i])
		if d < 0 {
			return nil, fmt.Errorf("offset %d: %q is no table digit", i, s[i])
		}
		nums = append(nums, x|uint32(d)<<shift)
		x, shift = 0, 0
	}
	if shift != 0 || len(nums)%2 != 0 {
		return nil, errors.New("table ends inside a range")
	}
	var start rune
	for i := 0; i < len(nums); i += 2 {
		start += rune(nums[i])
		out = append(out, Range{start, int(nums[i+1])})
	}
	return out, nil
}

// Lookup returns the value of r in decoded ranges (0 before the first).
func Lookup(rs []Range, r rune) int {
	lo, hi := 0, len(rs)
	for lo < hi {
		m := (lo + hi) / 2
		if rs[m].Start <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == 0 {
		return 0
	}
	return rs[lo-1].Value
}

// Tables is the generated data, the same in both languages.
type Tables struct {
	Version         string // Unicode version
	IDNA            string // encoded IDNA table
	Ident           string // encoded identifier table
	GeneralCategory string // space-separated General_Category values and aliases
	Script          string // space-separated Script values and aliases
}

// Begin and End delimit the generated section of each template.
const (
	Begin = "BEGIN UNICODE TABLES (go run ./generator/formats/internal/ucdtables; do not edit)"
	End   = "END UNICODE TABLES"
)

// chunks splits s into pieces of at most n bytes.
func chunks(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// constant writes `name = "…" + "…"` lines (the assignment spelled by assign) of s.
func constant(b *strings.Builder, indent, assign, terminator string, s string) {
	b.WriteString(assign + "\n")
	parts := chunks(s, 88)
	for i, p := range parts {
		b.WriteString(indent + `"` + p + `"`)
		if i < len(parts)-1 {
			b.WriteString(" +\n")
		}
	}
	b.WriteString(terminator + "\n")
}

// Language is how one template spells the generated section.
type Language struct {
	Indent, Terminator string // of a constant's continuation lines, after its last piece
	// Names are the constants' names: the version, the IDNA and identifier tables, the
	// General_Category and Script names.
	Names [5]string
	// Docs are the comments before each constant ("" for none).
	Docs [5]string
	// Const declares a constant: Const + name + " =".
	Const string
}

// Go and TS are the languages of templates/go/formats.go.tmpl and templates/ts/formats.ts.
var (
	Go = Language{
		Indent: "\t",
		Names:  [5]string{"sgUnicodeVersion", "sgIDNATable", "sgIdentTable", "sgGeneralCategoryNames", "sgScriptNames"},
		Docs: [5]string{
			"// sgUnicodeVersion is the version of the Unicode Character Database the tables come from.\n",
			"// sgIDNATable holds the IDNA2008 derived property of every code point (RFC 5892), with\n// the Bidi class, joining type, virama, mark and script of those that may appear in a label.\n",
			"// sgIdentTable holds ID_Start and ID_Continue (ECMAScript group names).\n",
			"// sgGeneralCategoryNames and sgScriptNames are the values (and aliases) \\p{…} accepts.\n",
			"",
		},
		Const: "const ",
	}
	TS = Language{
		Indent: "  ", Terminator: ";",
		Names: [5]string{"UNICODE_VERSION", "IDNA_TABLE", "IDENT_TABLE", "GENERAL_CATEGORY_NAMES", "SCRIPT_NAMES"},
		Docs: [5]string{
			"/** The version of the Unicode Character Database the tables come from. */\n",
			"/**\n * The IDNA2008 derived property of every code point (RFC 5892), with the Bidi class, joining\n * type, virama, mark and script of those that may appear in a label.\n */\n",
			"/** ID_Start and ID_Continue (ECMAScript group names). */\n",
			"/** The General_Category and Script values (and aliases) that \\p{…} accepts. */\n",
			"",
		},
		Const: "const ",
	}
)

// Values lists the tables' data in the order of Language.Names.
func (t Tables) Values() [5]string {
	return [5]string{t.Version, t.IDNA, t.Ident, t.GeneralCategory, t.Script}
}

// Write writes the generated section of the language's template.
func (l Language) Write(t Tables) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s\n", Begin)
	for i, v := range t.Values() {
		b.WriteString("\n" + l.Docs[i])
		decl := l.Const
		if i == 0 && l.Terminator != "" {
			decl = "export " + decl // the TypeScript module exports its Unicode version
		}
		if i == 0 {
			fmt.Fprintf(&b, "%s%s = %q%s\n", decl, l.Names[i], v, l.Terminator)
			continue
		}
		constant(&b, l.Indent, decl+l.Names[i]+" =", l.Terminator, v)
	}
	fmt.Fprintf(&b, "\n// %s\n", End)
	return b.String()
}

// Section returns the generated section of a template, from its Begin line to its End line.
func Section(src []byte) (start, end int, err error) {
	b := bytes.Index(src, []byte("// "+Begin))
	e := bytes.Index(src, []byte("// "+End))
	if b < 0 || e < b {
		return 0, 0, errors.New("no generated section (its BEGIN and END lines)")
	}
	e += len("// " + End)
	if e < len(src) && src[e] == '\n' {
		e++
	}
	return b, e, nil
}

// ReplaceTables puts section in place of the template's generated section.
func ReplaceTables(src []byte, section string) ([]byte, error) {
	b, e, err := Section(src)
	if err != nil {
		return nil, err
	}
	out := append([]byte{}, src[:b]...)
	out = append(out, section...)
	return append(out, src[e:]...), nil
}
