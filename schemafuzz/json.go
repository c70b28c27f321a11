package schemafuzz

import (
	"bytes"
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ojson"
)

// Kind is the JSON type of a Value (the kinds of the schema reader's ordered JSON).
type Kind = ojson.Kind

// The JSON kinds.
const (
	Null   = ojson.Null
	Bool   = ojson.Bool
	Number = ojson.Number
	String = ojson.String
	Array  = ojson.Array
	Object = ojson.Object
)

// Value is a JSON value that keeps the order of object members and the literal of numbers,
// so that a generated schema or document is written exactly as it was built.
type Value struct {
	Kind Kind
	Bool bool
	Str  string // a String, or the literal of a Number
	Arr  []*Value
	Obj  []Member
}

// Member is one member of an object Value.
type Member struct {
	Key   string
	Value *Value
}

// Constructors.

func jnull() *Value           { return &Value{Kind: Null} }
func jbool(b bool) *Value     { return &Value{Kind: Bool, Bool: b} }
func jnum(lit string) *Value  { return &Value{Kind: Number, Str: lit} }
func jint(i int64) *Value     { return jnum(strconv.FormatInt(i, 10)) }
func jstr(s string) *Value    { return &Value{Kind: String, Str: s} }
func jarr(e ...*Value) *Value { return &Value{Kind: Array, Arr: append([]*Value{}, e...)} }
func jobj(m ...Member) *Value { return &Value{Kind: Object, Obj: append([]Member{}, m...)} }
func jstrs(s ...string) *Value {
	v := jarr()
	for _, e := range s {
		v.Arr = append(v.Arr, jstr(e))
	}
	return v
}
func member(k string, v *Value) Member { return Member{Key: k, Value: v} }

// Get returns the member k of an object.
func (v *Value) Get(k string) *Value {
	if v == nil || v.Kind != Object {
		return nil
	}
	for _, m := range v.Obj {
		if m.Key == k {
			return m.Value
		}
	}
	return nil
}

// Has reports whether an object has member k.
func (v *Value) Has(k string) bool { return v.Get(k) != nil }

// Set sets member k of an object, in place when it exists, else at the end.
func (v *Value) Set(k string, e *Value) {
	for i, m := range v.Obj {
		if m.Key == k {
			v.Obj[i].Value = e
			return
		}
	}
	v.Obj = append(v.Obj, member(k, e))
}

// Del removes member k of an object.
func (v *Value) Del(k string) {
	for i, m := range v.Obj {
		if m.Key == k {
			v.Obj = append(v.Obj[:i:i], v.Obj[i+1:]...)
			return
		}
	}
}

// Keys lists an object's keys in order.
func (v *Value) Keys() []string {
	out := make([]string, len(v.Obj))
	for i, m := range v.Obj {
		out[i] = m.Key
	}
	return out
}

// Clone copies a value deeply.
func (v *Value) Clone() *Value {
	if v == nil {
		return nil
	}
	c := *v
	if v.Arr != nil {
		c.Arr = make([]*Value, len(v.Arr))
		for i, e := range v.Arr {
			c.Arr[i] = e.Clone()
		}
	}
	if v.Obj != nil {
		c.Obj = make([]Member, len(v.Obj))
		for i, m := range v.Obj {
			c.Obj[i] = member(m.Key, m.Value.Clone())
		}
	}
	return &c
}

// JSON writes the value as compact JSON text (no HTML escaping, members in order).
func (v *Value) JSON() []byte {
	var b bytes.Buffer
	v.write(&b)
	return b.Bytes()
}

// String is the compact JSON text.
func (v *Value) String() string { return string(v.JSON()) }

func (v *Value) write(b *bytes.Buffer) {
	switch v.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.Bool))
	case Number:
		b.WriteString(v.Str)
	case String:
		writeString(b, v.Str)
	case Array:
		b.WriteByte('[')
		for i, e := range v.Arr {
			if i > 0 {
				b.WriteByte(',')
			}
			e.write(b)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, m := range v.Obj {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, m.Key)
			b.WriteByte(':')
			m.Value.write(b)
		}
		b.WriteByte('}')
	}
}

func writeString(b *bytes.Buffer, s string) {
	var e bytes.Buffer
	enc := json.NewEncoder(&e)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a Go string always encodes
	b.Write(bytes.TrimSuffix(e.Bytes(), []byte("\n")))
}

// Indent renders the value as indented JSON text, for files people read.
func (v *Value) Indent() []byte {
	var b bytes.Buffer
	if err := json.Indent(&b, v.JSON(), "", "  "); err != nil {
		return v.JSON()
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// ParseValue decodes JSON text with the schema reader's parser (member order and number
// literals kept; duplicate keys are an error).
func ParseValue(data []byte) (*Value, error) {
	v, err := ojson.Parse(data)
	if err != nil {
		return nil, err
	}
	return fromOJSON(v), nil
}

func fromOJSON(v *ojson.Value) *Value {
	out := &Value{Kind: v.Kind, Bool: v.Bool, Str: v.Str}
	if v.Kind == Array {
		out.Arr = []*Value{}
		for _, e := range v.Arr {
			out.Arr = append(out.Arr, fromOJSON(e))
		}
	}
	if v.Kind == Object {
		out.Obj = []Member{}
		for _, m := range v.Members {
			out.Obj = append(out.Obj, member(m.Key, fromOJSON(m.Value)))
		}
	}
	return out
}

// rat is a number literal's exact value.
func rat(lit string) *big.Rat {
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Equal is JSON equality: numbers by value, objects by equal key sets and values.
func Equal(a, b *Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case Null:
		return true
	case Bool:
		return a.Bool == b.Bool
	case Number:
		return rat(a.Str).Cmp(rat(b.Str)) == 0
	case String:
		return a.Str == b.Str
	case Array:
		if len(a.Arr) != len(b.Arr) {
			return false
		}
		for i := range a.Arr {
			if !Equal(a.Arr[i], b.Arr[i]) {
				return false
			}
		}
		return true
	}
	if len(a.Obj) != len(b.Obj) {
		return false
	}
	for _, m := range a.Obj {
		o := b.Get(m.Key)
		if o == nil || !Equal(m.Value, o) {
			return false
		}
	}
	return true
}

// canonical renders a value so that equal values (Equal) render alike.
func canonical(v *Value) string {
	var b strings.Builder
	var walk func(*Value)
	walk = func(v *Value) {
		switch v.Kind {
		case Number:
			b.WriteString("n" + rat(v.Str).RatString())
		case Array:
			b.WriteByte('[')
			for _, e := range v.Arr {
				walk(e)
				b.WriteByte(',')
			}
			b.WriteByte(']')
		case Object:
			keys := v.Keys()
			sort.Strings(keys)
			b.WriteByte('{')
			for _, k := range keys {
				b.WriteString(strconv.Quote(k) + ":")
				walk(v.Get(k))
				b.WriteByte(',')
			}
			b.WriteByte('}')
		default:
			b.Write(v.JSON())
		}
	}
	walk(v)
	return b.String()
}
