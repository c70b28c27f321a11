// Package naming turns schema names (property keys, $defs keys, titles, enum values) into Go
// and TypeScript identifiers. It is the only place identifiers are made: the IR builder asks it
// once for every name and stores the result.
package naming

import (
	"strconv"
	"strings"
	"unicode"
)

// initialisms are written in upper case in Go names, as golint expects.
var initialisms = map[string]string{
	"acl": "ACL", "api": "API", "ascii": "ASCII", "cpu": "CPU", "css": "CSS", "dns": "DNS",
	"eof": "EOF", "guid": "GUID", "html": "HTML", "http": "HTTP", "https": "HTTPS", "id": "ID",
	"ip": "IP", "json": "JSON", "lhs": "LHS", "qps": "QPS", "ram": "RAM", "rhs": "RHS",
	"rpc": "RPC", "sla": "SLA", "smtp": "SMTP", "sql": "SQL", "ssh": "SSH", "tcp": "TCP",
	"tls": "TLS", "ttl": "TTL", "udp": "UDP", "ui": "UI", "uid": "UID", "uuid": "UUID",
	"uri": "URI", "url": "URL", "utf8": "UTF8", "vm": "VM", "xml": "XML", "xmpp": "XMPP",
	"xsrf": "XSRF", "xss": "XSS", "oauth": "OAuth", "oauth2": "OAuth2", "ms": "MS",
}

// Words splits a name into words at non-alphanumeric characters, lower-to-upper transitions
// and the end of an upper-case run followed by a lower-case letter ("HTTPServer" → HTTP,
// Server).
func Words(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if len(cur) > 0 {
			prev := cur[len(cur)-1]
			switch {
			case unicode.IsLower(prev) && unicode.IsUpper(r):
				flush()
			case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(rs) && unicode.IsLower(rs[i+1]):
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// Camel returns an exported Go identifier for s: words capitalised, initialisms upper-cased
// ("descriptor_url" → DescriptorURL), "X" prepended when s starts with a digit or has no
// letter that can be capitalised, "Empty" for a name without letters or digits.
func Camel(s string) string {
	var b strings.Builder
	for _, w := range Words(s) {
		lw := strings.ToLower(w)
		if up, ok := initialisms[lw]; ok {
			b.WriteString(up)
			continue
		}
		// A plural of an initialism: "ids" → IDs, "URLs" → URLs.
		if up, ok := initialisms[strings.TrimSuffix(lw, "s")]; ok && len(lw) > 2 && lw[len(lw)-1] == 's' && strings.ToUpper(up) == up {
			b.WriteString(up + "s")
			continue
		}
		rs := []rune(w)
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	out := b.String()
	if out == "" {
		return "Empty"
	}
	first := []rune(out)[0]
	if !unicode.IsUpper(first) {
		out = "X" + out
	}
	return out
}

// symbols spell out the punctuation an enum value may consist of, so that "<=" and "+1" name
// constants LessEqual and Plus1 instead of losing their meaning.
var symbols = map[rune]string{
	'<': "Less", '>': "Greater", '=': "Equal", '!': "Not", '+': "Plus", '-': "Minus", '*': "Star",
	'/': "Slash", '%': "Percent", '&': "And", '|': "Or", '^': "Caret", '~': "Tilde", '.': "Dot",
	',': "Comma", ':': "Colon", ';': "Semicolon", '?': "Question", '@': "At", '#': "Hash",
	'$': "Dollar", '(': "LParen", ')': "RParen", '[': "LBracket", ']': "RBracket", '{': "LBrace",
	'}': "RBrace", '\\': "Backslash", '\'': "Quote", '"': "DoubleQuote", '`': "Backquote", '_': "Underscore",
}

// ValueSuffix returns the part of a constant's name that an enum value gives after its type's
// name: Camel's words without the "X" Camel puts before a digit, a leading sign spelt out
// ("-1" → Minus1, "1.5" → 1Point5), and a value of punctuation only spelt out symbol by symbol
// ("<=" → LessEqual), and so is a leading "!" before a letter ("!op" → NotOp). An empty value
// gives "Empty".
func ValueSuffix(s string) string {
	rs := []rune(s)
	letters := false
	for _, r := range rs {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			letters = true
		}
	}
	if !letters {
		var b strings.Builder
		for _, r := range rs {
			if w, ok := symbols[r]; ok {
				b.WriteString(w)
			}
		}
		if b.Len() == 0 {
			return "Empty"
		}
		return b.String()
	}
	prefix := ""
	switch {
	case len(rs) > 1 && (rs[0] == '-' || rs[0] == '+') && unicode.IsDigit(rs[1]):
		prefix = symbols[rs[0]]
		s = string(rs[1:])
	case len(rs) > 1 && rs[0] == '!' && unicode.IsLetter(rs[1]):
		// A negation ("!op", bukkit's permissions) keeps its meaning: NotOp.
		prefix = symbols[rs[0]]
		s = string(rs[1:])
	}
	if isNumber(s) {
		return prefix + strings.NewReplacer(".", "Point", "+", "", "-", "Minus").Replace(strings.ToUpper(s))
	}
	out := Camel(s)
	if strings.HasPrefix(out, "X") && len(out) > 1 && unicode.IsDigit(rune(out[1])) && !strings.HasPrefix(s, "X") && !strings.HasPrefix(s, "x") {
		out = out[1:]
	}
	return prefix + out
}

// isNumber: s is a JSON number without its sign.
func isNumber(s string) bool {
	if s == "" || !unicode.IsDigit(rune(s[0])) {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// Namer hands out unique names, appending 2, 3 … on collision. Names reserved up front are
// never handed out.
type Namer struct {
	used map[string]bool
	// tried holds, per base, the last number suffix Unique found taken or took: every smaller
	// one is taken (names are never released), so the next search starts after it and many
	// names from one base cost linear time, not quadratic.
	tried map[string]int
}

// NewNamer returns a Namer with the given names reserved.
func NewNamer(reserved ...string) *Namer {
	n := &Namer{used: make(map[string]bool, len(reserved))}
	for _, r := range reserved {
		n.used[r] = true
	}
	return n
}

// Unique returns base, or base with the smallest number suffix not yet used.
func (n *Namer) Unique(base string) string {
	if !n.used[base] {
		n.used[base] = true
		return base
	}
	if n.tried == nil {
		n.tried = map[string]int{}
	}
	for i := max(2, n.tried[base]+1); ; i++ {
		c := base + strconv.Itoa(i)
		if !n.used[c] {
			n.used[c] = true
			n.tried[base] = i
			return c
		}
	}
}

// UniqueFamily returns the first of base, base2, base3 … for which none of the names derive
// returns is used, and reserves them all: a Go type T also declares ParseT and TValues, which
// must not be taken by another type or constant.
func (n *Namer) UniqueFamily(base string, derive func(string) []string) string {
	for i := 1; ; i++ {
		c := base
		if i > 1 {
			c = base + strconv.Itoa(i)
		}
		names := derive(c)
		free := true
		for _, d := range names {
			if n.used[d] {
				free = false
				break
			}
		}
		if free {
			n.Reserve(names...)
			return c
		}
	}
}

// UniqueFamilyBeside is UniqueFamily where the family's names other than the type's own must
// also not be in others, the names other types want for themselves: a type's parser or values
// never take another type's name (a type Error parsed by ParseError beside a type ParseError).
func (n *Namer) UniqueFamilyBeside(base string, derive func(string) []string, others map[string]bool) string {
	for i := 1; ; i++ {
		c := base
		if i > 1 {
			c = base + strconv.Itoa(i)
		}
		names := derive(c)
		free := true
		for _, d := range names {
			if n.used[d] || (d != c && others[d]) {
				free = false
				break
			}
		}
		if free {
			n.Reserve(names...)
			return c
		}
	}
}

// Reserve marks names as used.
func (n *Namer) Reserve(names ...string) {
	for _, s := range names {
		n.used[s] = true
	}
}

// GoTypeReserved are exported identifiers the generated Go package defines itself, so no
// schema type may take them.
var GoTypeReserved = []string{
	"ValidationError", "ValidationErrors", "Parse", "Validate", "TypeNames", "OptNil", "NewOptNil", "Ptr",
}

// GoTypeFamily lists the package-level identifiers the generated Go package declares for a
// named type T: T itself, its parser ParseT, ValidateT (for types that cannot have methods)
// and, for enums, TValues.
func GoTypeFamily(t string) []string { return []string{t, "Parse" + t, "Validate" + t, t + "Values"} }

// TSReserved are names a generated TypeScript module must not declare at the top level: the
// language's reserved words, strict-mode words, and the globals generated code uses.
var TSReserved = []string{
	"break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
	"do", "else", "enum", "export", "extends", "false", "finally", "for", "function", "if",
	"import", "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw",
	"true", "try", "typeof", "var", "void", "while", "with", "as", "implements", "interface",
	"let", "package", "private", "protected", "public", "static", "yield", "any", "boolean",
	"constructor", "declare", "get", "module", "require", "number", "set", "string", "symbol",
	"type", "from", "of", "unknown", "never", "object", "undefined", "bigint", "await",
	"async", "keyof", "readonly", "infer", "is", "asserts", "unique", "satisfies",
	"Object", "Array", "String", "Number", "Boolean", "BigInt", "Symbol", "Error", "JSON",
	"Math", "RegExp", "Map", "Set", "Date", "Promise", "Record", "Partial", "Readonly",
	"Infinity", "NaN", "ValidationError", "ParseResult", "Function", "Uint8Array",
}

// IsTSIdentifier reports whether s can be written unquoted as a TypeScript property key.
func IsTSIdentifier(s string) bool {
	if s == "" || s == "__proto__" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z'):
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// TSKey returns s as a TypeScript property key: bare when it is an identifier, else a string
// literal (JSON quoting, with U+2028 and U+2029 escaped).
func TSKey(s string) string {
	if IsTSIdentifier(s) {
		return s
	}
	return TSString(s)
}

// TSString quotes s as a TypeScript string literal.
func TSString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x2028 || r == 0x2029 || r == 0x7f:
			b.WriteString(`\u` + leftPad(strconv.FormatInt(int64(r), 16)))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func leftPad(h string) string {
	for len(h) < 4 {
		h = "0" + h
	}
	return h
}

// Article is "an" before a name that starts with a vowel, else "a".
func Article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an"
	}
	return "a"
}
