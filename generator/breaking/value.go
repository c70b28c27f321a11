package breaking

import (
	"bytes"
	"encoding/json"
	"math/big"
	"sort"

	"github.com/skillgen/skillgen/generator/ir"
)

// Documents are held as the validator decodes them: nil, bool, json.Number, string, []any and
// map[string]any.

// fromIR converts a schema value (enum, const) into a document value.
func fromIR(v ir.Value) any {
	switch v.Kind {
	case ir.Bool:
		return v.Bool
	case ir.Number:
		return json.Number(v.Number)
	case ir.String:
		return v.String
	case ir.Array:
		out := make([]any, len(v.Array))
		for i, e := range v.Array {
			out[i] = fromIR(e)
		}
		return out
	case ir.Object:
		out := make(map[string]any, len(v.Object))
		for _, m := range v.Object {
			out[m.Key] = fromIR(m.Value)
		}
		return out
	}
	return nil
}

// rat reads a JSON number literal.
func rat(lit string) *big.Rat {
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return nil
	}
	return r
}

// equal is JSON equality: numbers by value, objects regardless of member order.
func equal(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		rx, ry := rat(string(x)), rat(string(y))
		return rx != nil && ry != nil && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !equal(v, w) {
				return false
			}
		}
		return true
	}
	return a == b
}

// clone copies a document value deeply.
func clone(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	}
	return v
}

// encode writes a document as compact JSON with sorted members.
func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return []byte("null")
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// size measures a document for shrinking: the number of values plus the length of strings.
func size(v any) int {
	switch x := v.(type) {
	case []any:
		n := 1
		for _, e := range x {
			n += size(e)
		}
		return n
	case map[string]any:
		n := 1
		for k, e := range x {
			n += 1 + len(k) + size(e)
		}
		return n
	case string:
		return 1 + len(x)
	case json.Number:
		return len(x)
	}
	return 1
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// jsonType names the JSON type of a document value, integers apart.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if r := rat(string(x)); r != nil && r.IsInt() {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}
