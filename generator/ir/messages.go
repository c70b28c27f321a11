package ir

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// The messages of the generated validators. Both emitters render every message a validator
// reports from this one table, so that the Go and the TypeScript validators give the same text
// for the same violation (docs/validation.md, "Messages"). The parts the schema decides are
// filled in here, at generation time; the holes are filled in by the validator at run time.

// MessageHole is a part of a message known only when a document is validated.
type MessageHole int

const (
	// HoleNone marks a literal part.
	HoleNone MessageHole = iota
	// HoleType is the JSON type of the value: null, boolean, integer, number, string, array or
	// object (a number is an integer when its value is integral).
	HoleType
	// HoleKey is the property name at fault, quoted as Go's strconv.Quote quotes it.
	HoleKey
	// HoleCount is a number the validator counted: the items contains accepts, the
	// alternatives of oneOf that match.
	HoleCount
)

// MessagePart is literal text (Hole HoleNone) or a hole.
type MessagePart struct {
	Text string
	Hole MessageHole
}

// Message is one message: its parts, in order.
type Message []MessagePart

// Messages is the table: the text of every message by name, which is the keyword it reports
// (discriminator: the variant of anyOf or oneOf that dispatches on a discriminator property).
// {placeholders} are filled in from the schema: {n} a number as the schema writes it, {types}
// type names joined by " or ", {value} a JSON value, {values} JSON values (at most ten),
// {name} and {property} quoted property names, {pattern} the quoted pattern source, {format}
// the quoted format name, {items} "item" or "items". <type>, <key> and <count> are the holes.
var Messages = map[string]string{
	"false":                 "no value is allowed here",
	"type":                  "expected {types}, got <type>",
	"enum":                  "must be one of {values}",
	"const":                 "must be {value}",
	"minLength":             "must be at least {n} characters long",
	"maxLength":             "must be at most {n} characters long",
	"pattern":               "must match the pattern {pattern}",
	"format":                "must match the format {format}",
	"minimum":               "must be >= {n}",
	"maximum":               "must be <= {n}",
	"exclusiveMinimum":      "must be > {n}",
	"exclusiveMaximum":      "must be < {n}",
	"multipleOf":            "must be a multiple of {n}",
	"required":              "missing required property {name}",
	"additionalProperties":  "property <key> is not allowed",
	"propertyNames":         "property name <key> is not allowed",
	"minProperties":         "must have at least {n} properties",
	"maxProperties":         "must have at most {n} properties",
	"dependentRequired":     "property {name} is required when {property} is present",
	"minItems":              "must have at least {n} items",
	"maxItems":              "must have at most {n} items",
	"uniqueItems":           "duplicates an earlier item",
	"x-unique-by":           "{name} duplicates that of an earlier item",
	"minContains":           `must contain at least {n} {items} matching the schema in "contains", has <count>`,
	"maxContains":           `must contain at most {n} {items} matching the schema in "contains", has <count>`,
	"anyOf":                 "must match at least one of the {n} alternatives",
	"oneOf":                 "must match exactly one of the {n} alternatives, matches <count>",
	"discriminator":         "must be one of {values}",
	"not":                   `must not match the schema in "not"`,
	"unevaluatedProperties": "property <key> is not allowed (no keyword evaluates it)",
	"unevaluatedItems":      "item is not allowed (no keyword evaluates it)",
}

// holeTokens are the holes as the table writes them; any other "<" is literal text.
var holeTokens = []struct {
	token string
	hole  MessageHole
}{{"<type>", HoleType}, {"<key>", HoleKey}, {"<count>", HoleCount}}

// NewMessage returns the message of the table entry name, with the schema's values for its
// placeholders given as pairs: NewMessage("minLength", "n", "3"). It panics when the entry does
// not exist or a placeholder has no value: both are mistakes of the emitter, not of a schema.
func NewMessage(name string, args ...string) Message {
	text, ok := Messages[name]
	if !ok {
		panic("ir: no message " + strconv.Quote(name))
	}
	if len(args)%2 != 0 {
		panic("ir: message " + name + ": arguments come in pairs")
	}
	vals := map[string]string{}
	for i := 0; i < len(args); i += 2 {
		vals[args[i]] = args[i+1]
	}
	var m Message
	var lit strings.Builder
	for text != "" {
		if text[0] == '{' {
			end := strings.IndexByte(text, '}')
			if end < 0 {
				panic("ir: message " + name + ": unclosed {")
			}
			v, ok := vals[text[1:end]]
			if !ok {
				panic("ir: message " + name + ": no value for " + text[:end+1])
			}
			lit.WriteString(v)
			text = text[end+1:]
			continue
		}
		hole := HoleNone
		for _, h := range holeTokens {
			if strings.HasPrefix(text, h.token) {
				hole = h.hole
				text = text[len(h.token):]
				break
			}
		}
		if hole == HoleNone {
			lit.WriteByte(text[0])
			text = text[1:]
			continue
		}
		if lit.Len() > 0 {
			m = append(m, MessagePart{Text: lit.String()})
			lit.Reset()
		}
		m = append(m, MessagePart{Hole: hole})
	}
	if lit.Len() > 0 {
		m = append(m, MessagePart{Text: lit.String()})
	}
	return m
}

// Literal returns the text of a message without holes; ok is false when it has one.
func (m Message) Literal() (text string, ok bool) {
	var b strings.Builder
	for _, p := range m {
		if p.Hole != HoleNone {
			return "", false
		}
		b.WriteString(p.Text)
	}
	return b.String(), true
}

// QuoteForMessage quotes a property name or a pattern for a message, as JSON text.
func QuoteForMessage(s string) string {
	var b bytes.Buffer
	writeString(&b, s)
	return b.String()
}

// JSON returns v as compact JSON text, numbers as the schema writes them.
func (v Value) JSON() string {
	var b bytes.Buffer
	writeValue(&b, v)
	return b.String()
}

// ValuesForMessage lists values for a message: their JSON texts joined by ", ", the first ten
// only (then "… (N values)").
func ValuesForMessage(vals []Value) string {
	parts := make([]string, 0, min(len(vals), 11))
	for i, v := range vals {
		if i == 10 {
			parts = append(parts, fmt.Sprintf("… (%d values)", len(vals)))
			break
		}
		parts = append(parts, v.JSON())
	}
	return strings.Join(parts, ", ")
}

// ItemsForMessage is "item" for 1 and "items" otherwise.
func ItemsForMessage(n int64) string {
	if n == 1 {
		return "item"
	}
	return "items"
}
