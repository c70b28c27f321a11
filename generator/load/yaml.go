package load

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/skillgen/skillgen/generator/ojson"
)

// YAML input: a .yaml or .yml file is read as the JSON document it spells, with the same
// schema semantics, its numbers' text kept exactly. What JSON cannot say is refused with its
// place (docs/input.md has the full list):
//
//   - a merge key (<<), an explicit tag other than the core schema's (!!str, !!int, !!float,
//     !!bool, !!null, !!seq, !!map) and a core tag on a value that is not of its type;
//   - a mapping key that is not a string (a number, a boolean, null, a sequence or a mapping),
//     except a plain decimal integer such as 200 (an HTTP status code in an OpenAPI document),
//     which is read as its text;
//   - a number JSON cannot spell as written (.inf, .nan, 0x1F, 0o17, 0b101, 1_000, +1, .5, 1.),
//     refused rather than guessed at (YAML 1.1 and 1.2 read 017 differently);
//   - a second document in the stream, a duplicate key, an alias to a node that holds it.
//
// A plain timestamp (2024-01-02) is a string, as it is when quoted: JSON has no timestamps.
// An alias (*name) stands for a copy of its anchor's node; the copies together may not make the
// JSON more than yamlGrowth times the size of the YAML (plus yamlSlack bytes), so that no input
// makes the work grow faster than its size.

const (
	yamlGrowth = 16
	yamlSlack  = 1 << 20
)

// YAMLToJSON converts one YAML document to JSON (compact, members in the order written,
// numbers as written). An error is an *Error naming display, the line and column, the JSON
// Pointer of the offending value and the reason.
func YAMLToJSON(display string, data []byte) ([]byte, error) {
	out, _, err := yamlToJSON(display, data)
	return out, err
}

// yamlToJSON is YAMLToJSON that also returns the root node, from which yamlPosition finds the
// line of a pointer.
func yamlToJSON(display string, data []byte) (out []byte, root *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, root = nil, nil
			err = &Error{File: display, Reason: fmt.Sprintf("not valid YAML: %v", r)}
		}
	}()
	if !utf8.Valid(data) {
		return nil, nil, &Error{File: display, Reason: "not valid YAML: not valid UTF-8"}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, &Error{File: display, Reason: "not valid YAML: the file holds no document"}
		}
		return nil, nil, yamlSyntaxError(display, err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); err == nil {
		return nil, nil, &Error{File: display, Line: next.Line, Column: next.Column,
			Reason: "a second YAML document: a schema file holds one document"}
	} else if !errors.Is(err, io.EOF) {
		return nil, nil, yamlSyntaxError(display, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, nil, &Error{File: display, Reason: "not valid YAML: the file holds no document"}
	}
	c := &yamlConv{display: display, limit: yamlGrowth*len(data) + yamlSlack, active: map[*yaml.Node]bool{}}
	if err := c.value(doc.Content[0], 0); err != nil {
		return nil, nil, err
	}
	return c.buf, doc.Content[0], nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// yamlSyntaxError turns a yaml.v3 error ("yaml: line 3: did not find expected key") into an
// *Error with its line (the parser does not say the column).
func yamlSyntaxError(display string, err error) error {
	msg := err.Error()
	line := 0
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	return &Error{File: display, Line: line, Reason: "not valid YAML: " + msg}
}

type yamlConv struct {
	display string
	buf     []byte
	limit   int
	// path holds the pointer tokens of the value being converted (a pointer is made only for
	// an error, so that deep nesting costs no more than its size).
	path []string
	// active holds the anchored nodes being converted: an alias to one of them is a cycle.
	active map[*yaml.Node]bool
}

func (c *yamlConv) fail(n *yaml.Node, format string, args ...any) error {
	var p strings.Builder
	for _, t := range c.path {
		p.WriteByte('/')
		p.WriteString(ojson.EscapeToken(t))
	}
	return &Error{File: c.display, Pointer: p.String(), Line: n.Line, Column: n.Column, Reason: fmt.Sprintf(format, args...)}
}

// coreTags are the explicit tags that say nothing JSON cannot: each is accepted on a node of
// its kind (and, for scalars, of its type).
var coreTags = map[string]bool{"!!str": true, "!!int": true, "!!float": true, "!!bool": true, "!!null": true, "!!seq": true, "!!map": true}

func (c *yamlConv) value(n *yaml.Node, depth int) error {
	if depth > ojson.MaxDepth {
		return c.fail(n, "nesting deeper than %d levels", ojson.MaxDepth)
	}
	if len(c.buf) > c.limit {
		return c.fail(n, "the aliases expand the document to more than %d bytes of JSON (%d times the file's size, plus 1 MiB)", c.limit, yamlGrowth)
	}
	if n.Style&yaml.TaggedStyle != 0 && !coreTags[n.Tag] {
		return c.fail(n, "the YAML tag %s has no JSON equivalent", n.Tag)
	}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return c.fail(n, "alias *%s names no anchor", n.Value)
		}
		if c.active[n.Alias] {
			return c.fail(n, "alias *%s stands inside the node anchored &%s: JSON cannot express a cycle", n.Value, n.Value)
		}
		return c.value(n.Alias, depth+1)
	case yaml.ScalarNode:
		return c.scalar(n)
	case yaml.SequenceNode:
		if n.Tag != "!!seq" {
			return c.fail(n, "the YAML tag %s does not fit a sequence", n.Tag)
		}
		c.enter(n)
		c.buf = append(c.buf, '[')
		for i, e := range n.Content {
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			c.path = append(c.path, strconv.Itoa(i))
			if err := c.value(e, depth+1); err != nil {
				return err
			}
			c.path = c.path[:len(c.path)-1]
		}
		c.buf = append(c.buf, ']')
		c.leave(n)
		return nil
	case yaml.MappingNode:
		if n.Tag != "!!map" {
			return c.fail(n, "the YAML tag %s does not fit a mapping", n.Tag)
		}
		c.enter(n)
		c.buf = append(c.buf, '{')
		seen := make(map[string]*yaml.Node, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			key, err := c.key(k)
			if err != nil {
				return err
			}
			if prev, dup := seen[key]; dup {
				c.path = append(c.path, key)
				return c.fail(k, "duplicate key %q (first at line %d)", key, prev.Line)
			}
			seen[key] = k
			if i > 0 {
				c.buf = append(c.buf, ',')
			}
			c.buf = appendJSONString(c.buf, key)
			c.buf = append(c.buf, ':')
			c.path = append(c.path, key)
			if err := c.value(v, depth+1); err != nil {
				return err
			}
			c.path = c.path[:len(c.path)-1]
		}
		c.buf = append(c.buf, '}')
		c.leave(n)
		return nil
	}
	return c.fail(n, "a YAML node of an unknown kind")
}

func (c *yamlConv) enter(n *yaml.Node) {
	if n.Anchor != "" {
		c.active[n] = true
	}
}

func (c *yamlConv) leave(n *yaml.Node) {
	if n.Anchor != "" {
		delete(c.active, n)
	}
}

var decimalKey = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// key returns the text of a mapping key, which must be a string (or a plain decimal integer).
// An error's pointer ends with the key as written.
func (c *yamlConv) key(k *yaml.Node) (string, error) {
	text, err := c.keyText(k)
	if err != nil {
		c.path = append(c.path, k.Value)
		return "", c.fail(k, "%s", err)
	}
	return text, nil
}

func (c *yamlConv) keyText(k *yaml.Node) (string, error) {
	n := k
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("a mapping key that is not a string (a %s): JSON object keys are strings", kindWord(n))
	}
	if n.Style&yaml.TaggedStyle != 0 && !coreTags[n.Tag] {
		return "", fmt.Errorf("the YAML tag %s has no JSON equivalent", n.Tag)
	}
	tag := n.Tag
	if n.Style&(yaml.TaggedStyle|yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		tag = plainTag(n.Value)
	}
	switch tag {
	case "!!str", "!!timestamp":
		return n.Value, nil
	case "!!merge":
		return "", fmt.Errorf("a merge key (<<) has no JSON equivalent: write the members out (or quote \"<<\" for a key of that name)")
	case "!!int":
		if n.Style&yaml.TaggedStyle == 0 && decimalKey.MatchString(n.Value) {
			return n.Value, nil
		}
	}
	return "", fmt.Errorf("a mapping key that is not a string (%s, %s): JSON object keys are strings; quote it", n.Value, tagWord(tag))
}

func kindWord(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "sequence"
	case yaml.MappingNode:
		return "mapping"
	}
	return "node"
}

func tagWord(tag string) string {
	switch tag {
	case "!!int":
		return "an integer"
	case "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	case "!!null":
		return "null"
	case "!!str":
		return "a string"
	}
	return tag
}

var leadingZero = regexp.MustCompile(`^[-+]?0[0-9_]+$`)

// jsonNumber is JSON's number syntax.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

func (c *yamlConv) scalar(n *yaml.Node) error {
	tagged := n.Style&yaml.TaggedStyle != 0
	// The type the text has when untagged: quoted and block scalars are strings.
	plain := "!!str"
	if n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		plain = plainTag(n.Value)
	}
	tag := n.Tag
	if !tagged {
		tag = plain
	}
	switch tag {
	case "!!str":
		c.buf = appendJSONString(c.buf, n.Value)
		return nil
	case "!!timestamp", "!!merge":
		// An untagged timestamp is a string: JSON has no timestamps (a !!timestamp tag was
		// refused above). A plain << is a merge only as a key.
		c.buf = appendJSONString(c.buf, n.Value)
		return nil
	}
	if tagged && plain != tag && !(tag == "!!float" && plain == "!!int") {
		return c.fail(n, "%s is not %s as written, as the tag %s says (JSON has no such conversion)", strconv.Quote(n.Value), tagWord(tag), tag)
	}
	switch tag {
	case "!!null":
		c.buf = append(c.buf, "null"...)
	case "!!bool":
		c.buf = strconv.AppendBool(c.buf, strings.ToLower(n.Value) == "true")
	case "!!int", "!!float":
		if !jsonNumber.MatchString(n.Value) {
			return c.fail(n, "the number %s has no JSON spelling as written%s", n.Value, numberHint(n.Value))
		}
		c.buf = append(c.buf, n.Value...)
	default:
		return c.fail(n, "the YAML tag %s has no JSON equivalent", tag)
	}
	return nil
}

// plainTag is the core-schema type of a plain scalar's text. A number too large for a float64
// (1e400) or an int64 is a number still, and an integer: YAML 1.2 types a scalar by its text,
// not its range.
func plainTag(text string) string {
	var probe yaml.Node
	probe.Kind, probe.Value = yaml.ScalarNode, text
	if text == "<<" {
		return "!!merge" // the parser's reading of a plain <<, which resolve does not give
	}
	tag := probe.ShortTag()
	switch {
	case (tag == "!!str" || tag == "!!float") && yamlInt.MatchString(text):
		return "!!int" // beyond 64 bits
	case tag == "!!str" && yamlFloat.MatchString(text):
		return "!!float" // beyond float64
	}
	return tag
}

// yamlInt is the YAML 1.2 core schema's decimal integer syntax.
var yamlInt = regexp.MustCompile(`^[-+]?[0-9]+$`)

// yamlFloat is the YAML 1.2 core schema's float syntax (without .inf and .nan).
var yamlFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

// numberHint suggests the JSON spelling of a YAML number, when there is an exact one.
func numberHint(text string) string {
	switch strings.ToLower(strings.TrimLeft(text, "+-")) {
	case ".inf", ".nan":
		return " (JSON has no infinities nor NaN)"
	}
	if leadingZero.MatchString(text) {
		return " (YAML 1.1 reads it as octal, YAML 1.2 as decimal): write it without the leading zero, or quote it"
	}
	var v yaml.Node
	if err := yaml.Unmarshal([]byte(text), &v); err == nil && len(v.Content) == 1 && v.Content[0].ShortTag() == "!!int" {
		var i int64
		if v.Content[0].Decode(&i) == nil {
			return fmt.Sprintf("; write %d", i)
		}
	}
	return "; write it in JSON's decimal notation"
}

// appendJSONString appends s as a JSON string (HTML characters left as they are).
func appendJSONString(buf []byte, s string) []byte {
	const hex = "0123456789abcdef"
	buf = append(buf, '"')
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b == '"' || b == '\\':
			buf = append(buf, '\\', b)
		case b == '\n':
			buf = append(buf, '\\', 'n')
		case b == '\r':
			buf = append(buf, '\\', 'r')
		case b == '\t':
			buf = append(buf, '\\', 't')
		case b < 0x20:
			buf = append(buf, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
		default:
			buf = append(buf, b)
		}
	}
	return append(buf, '"')
}

// yamlPosition returns the line and column of the value at pointer ptr (as the user wrote the
// file) in the YAML tree root, or of its nearest ancestor that is there: the place of its key
// for a member, of the value itself for an array item or the root.
// keys indexes the mappings walked (nil: none), so that placing many errors costs no more
// than the file's size.
func yamlPosition(root *yaml.Node, ptr string, keys map[*yaml.Node]map[string]int) (line, col int) {
	n := root
	if n == nil {
		return 0, 0
	}
	line, col = n.Line, n.Column
	if ptr == "" {
		return line, col
	}
	toks := strings.Split(ptr[1:], "/")
	for _, t := range toks {
		for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i <= len(toks); i++ {
			n = n.Alias
		}
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		var at, next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			index := keys[n]
			if index == nil {
				index = make(map[string]int, len(n.Content)/2)
				for i := 0; i+1 < len(n.Content); i += 2 {
					if _, dup := index[n.Content[i].Value]; !dup {
						index[n.Content[i].Value] = i
					}
				}
				if keys != nil {
					keys[n] = index
				}
			}
			if i, ok := index[t]; ok {
				at, next = n.Content[i], n.Content[i+1]
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(t); err == nil && i >= 0 && i < len(n.Content) {
				at, next = n.Content[i], n.Content[i]
			}
		}
		if next == nil {
			return line, col
		}
		n = next
		line, col = at.Line, at.Column
	}
	return line, col
}
