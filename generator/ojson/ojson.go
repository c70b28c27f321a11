// Package ojson decodes JSON keeping object member order and number literals, and reports the
// line and column of syntax errors. Schema files are read with it so that generated code
// follows the order properties are written in.
package ojson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kind is the JSON type of a Value.
type Kind int

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is a decoded JSON value.
type Value struct {
	Kind    Kind
	Bool    bool
	Str     string // String, or the literal of a Number
	Arr     []*Value
	Members []Member
	index   map[string]int
}

// Member is an object member.
type Member struct {
	Key   string
	Value *Value
}

// MaxDepth bounds nesting so that hostile input cannot exhaust the stack.
const MaxDepth = 10000

// Parse decodes one JSON value. Duplicate object keys are an error.
func Parse(data []byte) (*Value, error) {
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := parser{dec: dec, data: data}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, p.errAt("trailing data after the JSON value")
	}
	return v, nil
}

type parser struct {
	dec  *json.Decoder
	data []byte
}

func (p *parser) errAt(msg string) error {
	off := int(p.dec.InputOffset())
	if off > len(p.data) {
		off = len(p.data)
	}
	line := 1 + bytes.Count(p.data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(p.data[:off], '\n')
	return fmt.Errorf("line %d, column %d: %s", line, col, msg)
}

func (p *parser) wrap(err error) error {
	if se, ok := err.(*json.SyntaxError); ok {
		off := int(se.Offset)
		if off > len(p.data) {
			off = len(p.data)
		}
		line := 1 + bytes.Count(p.data[:off], []byte("\n"))
		col := off - bytes.LastIndexByte(p.data[:off], '\n')
		return fmt.Errorf("line %d, column %d: %s", line, col, se.Error())
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return p.errAt("unexpected end of JSON")
	}
	return p.errAt(err.Error())
}

func (p *parser) value(depth int) (*Value, error) {
	if depth > MaxDepth {
		return nil, p.errAt("nesting deeper than 10000 levels")
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.wrap(err)
	}
	switch t := tok.(type) {
	case nil:
		return &Value{Kind: Null}, nil
	case bool:
		return &Value{Kind: Bool, Bool: t}, nil
	case json.Number:
		return &Value{Kind: Number, Str: string(t)}, nil
	case string:
		return &Value{Kind: String, Str: t}, nil
	case json.Delim:
		switch t {
		case '[':
			v := &Value{Kind: Array}
			for p.dec.More() {
				e, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v.Arr = append(v.Arr, e)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, p.wrap(err)
			}
			return v, nil
		case '{':
			v := &Value{Kind: Object}
			for p.dec.More() {
				kt, err := p.dec.Token()
				if err != nil {
					return nil, p.wrap(err)
				}
				k := kt.(string)
				if _, dup := v.Get(k); dup {
					return nil, p.errAt(fmt.Sprintf("duplicate key %q", k))
				}
				e, err := p.value(depth + 1)
				if err != nil {
					return nil, err
				}
				v.add(k, e)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, p.wrap(err)
			}
			return v, nil
		}
	}
	return nil, p.errAt(fmt.Sprintf("unexpected token %v", tok))
}

// NewObject returns an object holding members, in order. Keys must be distinct.
func NewObject(members []Member) *Value {
	v := &Value{Kind: Object, Members: make([]Member, 0, len(members))}
	for _, m := range members {
		v.add(m.Key, m.Value)
	}
	return v
}

func (v *Value) add(k string, e *Value) {
	v.Members = append(v.Members, Member{k, e})
	if v.index != nil {
		v.index[k] = len(v.Members) - 1
	} else if len(v.Members) > 8 {
		v.index = make(map[string]int, len(v.Members)*2)
		for i, m := range v.Members {
			v.index[m.Key] = i
		}
	}
}

// Get returns the member k of an object.
func (v *Value) Get(k string) (*Value, bool) {
	if v == nil || v.Kind != Object {
		return nil, false
	}
	if v.index != nil {
		i, ok := v.index[k]
		if !ok {
			return nil, false
		}
		return v.Members[i].Value, true
	}
	for _, m := range v.Members {
		if m.Key == k {
			return m.Value, true
		}
	}
	return nil, false
}

// At resolves an RFC 6901 JSON Pointer ("" is v itself).
func (v *Value) At(ptr string) (*Value, bool) {
	if ptr == "" {
		return v, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	cur := v
	for rest, more := ptr[1:], true; more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		if strings.IndexByte(tok, '~') >= 0 {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		}
		switch cur.Kind {
		case Object:
			next, ok := cur.Get(tok)
			if !ok {
				return nil, false
			}
			cur = next
		case Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Arr) || strconv.Itoa(i) != tok {
				return nil, false
			}
			cur = cur.Arr[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// EscapeToken escapes one reference token of a JSON Pointer.
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
