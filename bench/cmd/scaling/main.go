// Command scaling writes the documents of the scaling benchmark and renders its table.
//
//	scaling docs DIR                   write DIR/index.json and one document per family and size
//	scaling table -go F -ts F [-out F] render the markdown section from the Go and TypeScript results
//
// Every keyword family of bench/scaling/schema.json gets a document at size n and at 8n;
// the generated validators must take about 8 times as long on the second (a quadratic path
// would take 64 times). The Go side is `go test -bench` in bench/scaling (build tag scaling),
// the TypeScript side bench/tsbench/scaling.mjs; both read the same documents.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Doc is one document of index.json.
type Doc struct {
	Family string `json:"family"` // a type of bench/scaling/schema.json
	N      int    `json:"n"`
	File   string `json:"file"`
	Bytes  int    `json:"bytes"`
	// Errors is the number of violations the validators must report (0: the document is valid).
	Errors int `json:"errors"`
}

// family builds the document of one keyword family at size n and says how many errors it has.
type family struct {
	name  string
	n     int // the smaller size; the larger is 8n
	what  string
	build func(n int) (doc string, errors int)
}

func families() []family {
	return []family{
		{"UniqueItems", 16000, "uniqueItems: n distinct objects", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`{"id":%d,"tags":["a","b%d"]}`, i, i%7) }), 0
		}},
		{"UniqueBy", 16000, "x-unique-by: n objects with distinct ids", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`{"id":"skill-%d","n":%d}`, i, i) }), 0
		}},
		{"Keys", 16000, "object of n keys: patternProperties, additionalProperties, propertyNames, dependentRequired", func(n int) (string, int) {
			return object(n, func(i int) string {
				if i%2 == 0 {
					return fmt.Sprintf(`"k%07d":"value %d"`, i, i)
				}
				return fmt.Sprintf(`"x%07d":"other %d"`, i, i)
			}, `"a":"x","b":"y"`), 0
		}},
		{"ClosedKeys", 16000, "closed object of n unknown keys (n errors)", func(n int) (string, int) {
			return object(n, func(i int) string { return fmt.Sprintf(`"u%07d":%d`, i, i) }, `"a":"x"`), n
		}},
		{"Unevaluated", 16000, "unevaluatedProperties: n keys, half of them left by allOf", func(n int) (string, int) {
			return object(n, func(i int) string {
				if i%2 == 0 {
					return fmt.Sprintf(`"k%07d":"value"`, i)
				}
				return fmt.Sprintf(`"u%07d":%d`, i, i)
			}, `"a":"x"`), 0
		}},
		{"UnevaluatedEach", 16000, "unevaluatedProperties in each of n items (n errors)", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`{"a":"x","z%d":1}`, i) }), n
		}},
		{"UnevaluatedItems", 16000, "unevaluatedItems: n items after prefixItems and contains", func(n int) (string, int) {
			return array(n, func(i int) string {
				if i == 0 {
					return `"first"`
				}
				return fmt.Sprint(i)
			}), 0
		}},
		{"LongString", 100000, "string of 10n characters: lengths, and a pattern that fails at the last one", func(n int) (string, int) {
			words := strings.Repeat("abcdefghi ", n)
			return `"` + words[:len(words)-1] + `!"`, 1
		}},
		{"Deep", 200, "n levels of objects, each through allOf and $ref", func(n int) (string, int) {
			return strings.Repeat(`{"child":`, n) + "{}" + strings.Repeat("}", n), 0
		}},
		{"Enum", 16000, "n strings of a 1,000-value enum", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`"v%04d"`, 999-i%1000) }), 0
		}},
		{"OneOf", 2000, "n objects, each tried against a 100-branch oneOf", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`{"k":%d}`, i%100) }), 0
		}},
		{"Errors", 16000, "n items of the wrong type (n errors)", func(n int) (string, int) {
			return array(n, func(i int) string { return fmt.Sprintf(`"item %d"`, i) }), n
		}},
	}
}

func array(n int, item func(int) string) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(item(i))
	}
	b.WriteByte(']')
	return b.String()
}

func object(n int, member func(int) string, first string) string {
	var b strings.Builder
	b.WriteString("{" + first)
	for i := 0; i < n; i++ {
		b.WriteByte(',')
		b.WriteString(member(i))
	}
	b.WriteByte('}')
	return b.String()
}

func writeDocs(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var index []Doc
	for _, f := range families() {
		for _, n := range []int{f.n, 8 * f.n} {
			doc, errs := f.build(n)
			if !json.Valid([]byte(doc)) {
				return fmt.Errorf("%s n=%d: not JSON", f.name, n)
			}
			name := fmt.Sprintf("%s-%d.json", f.name, n)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(doc), 0o644); err != nil {
				return err
			}
			index = append(index, Doc{Family: f.name, N: n, File: name, Bytes: len(doc), Errors: errs})
		}
	}
	data, err := json.MarshalIndent(index, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(data, '\n'), 0o644)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: scaling docs DIR | scaling table -go FILE -ts FILE [-out FILE]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "docs":
		if len(os.Args) != 3 {
			fmt.Fprintln(os.Stderr, "usage: scaling docs DIR")
			os.Exit(2)
		}
		err = writeDocs(os.Args[2])
	case "table":
		err = table(os.Args[2:])
	default:
		fmt.Fprintf(os.Stderr, "scaling: unknown command %q\n", os.Args[1])
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "scaling:", err)
		os.Exit(1)
	}
}
