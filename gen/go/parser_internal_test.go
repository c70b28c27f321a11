package skill

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"testing"
	"unicode/utf8"
)

// reference decodes data with encoding/json and adds the checks the generated parser makes
// beyond it: valid UTF-8, one document, numbers within the double range.
func reference(data []byte) (any, error) {
	if !utf8.Valid(data) {
		return nil, errors.New("invalid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data")
	}
	var walk func(any) error
	walk = func(x any) error {
		switch y := x.(type) {
		case json.Number:
			if _, err := strconv.ParseFloat(string(y), 64); err != nil {
				return err
			}
		case []any:
			for _, e := range y {
				if err := walk(e); err != nil {
					return err
				}
			}
		case map[string]any:
			for _, e := range y {
				if err := walk(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return v, walk(v)
}

// FuzzParserMatchesEncodingJSON: the generated parser accepts exactly what encoding/json
// (plus the checks above) accepts, and builds the same value.
func FuzzParserMatchesEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `[]`, `null`, `true`, `false`, `0`, `-0`, `1.5e-7`, `1E400`, `"a\u00e9\ud83d\ude00"`,
		`"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`, `{"a":1,"a":2}`, `[1,[2,[3]]]`,
		`{"a":{"b":[null,true,"x"]}}`, ` {"k" : "v" } `, `01`, `1.`, `.5`, `-`, `"\x"`, `[1,]`,
		`{"a":1,}`, `"` + "\x01" + `"`, "\xff", `{"\u0000":0}`, `[` + `"\/\b\f\n\r\t\\\""` + `]`,
		`123456789012345678901234567890`, `"a" "b"`, ``, ` `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := sgParseDocument(data)
		want, refErr := reference(data)
		if (err == nil) != (refErr == nil) {
			t.Fatalf("%q: parser error %v, encoding/json error %v", data, err, refErr)
		}
		if err != nil {
			var verrs ValidationErrors
			if !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Keyword != "json" || verrs[0].Pointer != "" {
				t.Fatalf("%q: error %v is not one json error at the document", data, err)
			}
			return
		}
		if g := got.toAny(); !reflect.DeepEqual(g, want) {
			t.Fatalf("%q: parser built %#v, encoding/json %#v", data, g, want)
		}
	})
}
