package typescript

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// jsString quotes s as a JavaScript string literal (JSON syntax; U+2028 and U+2029 escaped;
// invalid UTF-8 becomes U+FFFD).
func jsString(s string) string {
	// Most strings (names, keys, messages) are printable ASCII with nothing to escape, which
	// JSON writes as they are; the emitter quotes hundreds of thousands of them.
	plain := true
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\'
	}
	if plain {
		return `"` + s + `"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err) // encoding a string cannot fail
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// jsKey writes s as a property name of an object literal. "__proto__" is written as a computed
// key so that it names an own property instead of setting the prototype.
func jsKey(s string) string {
	if s == "__proto__" {
		return "[" + jsString(s) + "]"
	}
	return jsString(s)
}

// jsNumber writes a double as a JavaScript number literal (shortest representation).
func jsNumber(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return ""
	}
	if f == 0 {
		return "0"
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsValue writes a JSON value as a JavaScript expression.
func (e *emitter) jsValue(v ir.Value) string {
	switch v.Kind {
	case ir.Null:
		return "null"
	case ir.Bool:
		return strconv.FormatBool(v.Bool)
	case ir.Number:
		f, err := strconv.ParseFloat(v.Number, 64)
		if err != nil || math.IsInf(f, 0) {
			e.fail("number %q is outside the double range", v.Number)
			return "0"
		}
		return jsNumber(f)
	case ir.String:
		return jsString(v.String)
	case ir.Array:
		parts := make([]string, len(v.Array))
		for i, x := range v.Array {
			parts[i] = e.jsValue(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case ir.Object:
		parts := make([]string, len(v.Object))
		for i, m := range v.Object {
			parts[i] = jsKey(m.Key) + ": " + e.jsValue(m.Value)
		}
		if len(parts) == 0 {
			return "{}"
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	e.fail("unknown value kind %d", v.Kind)
	return "null"
}

// pointerToken escapes one RFC 6901 reference token.
func pointerToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// segment is the JavaScript literal of "/" + the escaped token, appended to a pointer.
func segment(name string) string {
	return jsString("/" + pointerToken(name))
}

// docComment turns raw documentation text into the lines of a /** */ comment, each prefixed
// by indent. Nothing in the text can end the comment: "*/" is broken up, and every line
// terminator JavaScript knows (CR, LF, U+2028, U+2029) starts a new comment line.
func docComment(doc, indent string) string {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return ""
	}
	doc = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n").Replace(doc)
	doc = strings.ReplaceAll(doc, "*/", "*\\/")
	// Strip other control characters, which have no place in a comment.
	doc = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if r < 0x20 || r == 0x7f || r == 0xfeff {
			return -1
		}
		return r
	}, doc)
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, line := range strings.Split(doc, "\n") {
		line = strings.TrimRight(line, " \t")
		if line == "" {
			b.WriteString(indent + " *\n")
			continue
		}
		b.WriteString(indent + " * " + line + "\n")
	}
	b.WriteString(indent + " */\n")
	return b.String()
}
