// Package oracle equips the independent validator the tests use as an oracle
// (github.com/santhosh-tekuri/jsonschema/v6) with skillgen's one assertion beyond JSON Schema,
// the "x-unique-by" keyword (docs/validation.md).
package oracle

import (
	"bytes"
	"fmt"
	"io/fs"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/message"
)

// UniqueByVocabularyURL names the vocabulary.
const UniqueByVocabularyURL = "https://skillgen.dev/vocab/unique-by"

// UniqueByVocabulary returns the x-unique-by vocabulary, to register with
// jsonschema.Compiler.RegisterVocabulary: no two object items of the array may have equal
// values at the named property.
func UniqueByVocabulary() (*jsonschema.Vocabulary, error) {
	meta, err := jsonschema.UnmarshalJSON(strings.NewReader(
		`{"properties": {"x-unique-by": {"type": "string", "minLength": 1}}}`))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(UniqueByVocabularyURL, meta); err != nil {
		return nil, err
	}
	sch, err := c.Compile(UniqueByVocabularyURL)
	if err != nil {
		return nil, err
	}
	return &jsonschema.Vocabulary{
		URL:    UniqueByVocabularyURL,
		Schema: sch,
		Compile: func(_ *jsonschema.CompilerContext, obj map[string]any) (jsonschema.SchemaExt, error) {
			prop, ok := obj["x-unique-by"].(string)
			if !ok {
				return nil, nil
			}
			return &uniqueBy{prop: prop}, nil
		},
	}, nil
}

type uniqueBy struct{ prop string }

func (u *uniqueBy) Validate(ctx *jsonschema.ValidatorContext, v any) {
	arr, ok := v.([]any)
	if !ok {
		return
	}
	for j := range arr {
		vj, ok := Member(arr[j], u.prop)
		if !ok {
			continue
		}
		for i := range j {
			vi, ok := Member(arr[i], u.prop)
			if !ok {
				continue
			}
			eq, err := ctx.Equals(vi, vj)
			if err != nil {
				ctx.AddErr(err)
				return
			}
			if eq {
				ctx.AddError(&uniqueByError{Prop: u.prop, First: i, Dup: j})
				break
			}
		}
	}
}

// Member returns member prop of item when item is an object that has it.
func Member(item any, prop string) (any, bool) {
	obj, ok := item.(map[string]any)
	if !ok {
		return nil, false
	}
	v, ok := obj[prop]
	return v, ok
}

type uniqueByError struct {
	Prop       string
	First, Dup int
}

func (*uniqueByError) KeywordPath() []string { return []string{"x-unique-by"} }

func (e *uniqueByError) LocalizedString(p *message.Printer) string {
	return p.Sprintf("items at %d and %d have the same %s", e.First, e.Dup, e.Prop)
}

// Document is one schema file, decoded for the validator (numbers are json.Number).
type Document struct {
	Path string // relative to the schema folder, e.g. "defs/common.json"
	Doc  map[string]any
}

// Documents decodes every .json file of fsys, in path order.
func Documents(fsys fs.FS) ([]Document, error) {
	var out []Document
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		doc, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: not a JSON object", p)
		}
		out = append(out, Document{Path: p, Doc: doc})
		return nil
	})
	return out, err
}
