package schemafuzz

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/generator/load"
)

// URL is where the oracles find the schema: its own $id when it has one, else the same URL
// under idBase, so that its relative references resolve alike in both oracles.
func (s *Schema) URL() string { return idBase + s.File() }

// OracleDoc is the schema as the oracles read it: with a root $id (the URL) when it has none.
func (s *Schema) OracleDoc() *Value {
	d := s.Doc.Clone()
	if d.Kind != Object {
		return d
	}
	key := "$id"
	if s.Draft == Draft04 {
		key = "id"
	}
	if !d.Has(key) {
		d.Obj = append([]Member{member(key, jstr(s.URL()))}, d.Obj...)
	}
	return d
}

// AjvDoc is the schema as ajv reads it: OracleDoc with every "enum": [] written as
// "not": {} in an allOf, which means the same (ajv refuses an empty enum).
func (s *Schema) AjvDoc() *Value {
	if s.Abstract == nil {
		return s.OracleDoc()
	}
	abs := s.Abstract.Clone()
	eachSchema(abs, func(v *Value) {
		if e := v.Get("enum"); e != nil && e.Kind == Array && len(e.Arr) == 0 {
			v.Del("enum")
			never := jobj(member("not", jobj()))
			if a := v.Get("allOf"); a != nil {
				a.Arr = append(a.Arr, never)
			} else {
				v.Set("allOf", jarr(never))
			}
		}
	})
	c := *s
	c.Doc = Render(abs, s.Draft)
	return c.OracleDoc()
}

// Oracle is santhosh-tekuri/jsonschema compiled for one schema: the verdicts the generated
// Go must give. Formats are annotations (not asserted), as in skillgen run with
// -assert-format=false (buildSchemas).
type Oracle struct {
	sch *jsonschema.Schema
	c   *jsonschema.Compiler
}

// compileDefs compiles every definition of the schema, also those the root does not reach
// (skillgen builds them all).
func (o *Oracle) compileDefs(s *Schema) error {
	for _, key := range []string{"$defs", "definitions"} {
		if defs := s.Doc.Get(key); defs != nil {
			for _, m := range defs.Obj {
				if _, err := o.c.Compile(s.URL() + "#/" + key + "/" + escapeToken(m.Key)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// errOffline refuses every load: a generated schema refers only to itself.
var errOffline = errors.New("schemafuzz: the oracle loads nothing")

type offline struct{}

func (offline) Load(string) (any, error) { return nil, errOffline }

// NewOracle compiles the schema; an error means the generator wrote a schema that is not
// valid for its draft (a bug of the fuzzer, not of skillgen).
func NewOracle(s *Schema) (*Oracle, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.Doc.JSON()))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(offline{})
	compiled := load.FormatsAsAnnotations(c)
	defer compiled()
	if err := c.AddResource(s.URL(), doc); err != nil {
		return nil, err
	}
	sch, err := c.Compile(s.URL())
	if err != nil {
		return nil, err
	}
	return &Oracle{sch: sch, c: c}, nil
}

// Valid is the oracle's verdict on a document.
func (o *Oracle) Valid(doc []byte) (bool, error) {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return false, fmt.Errorf("not JSON: %w", err)
	}
	err = o.sch.Validate(v)
	if err == nil {
		return true, nil
	}
	var ve *jsonschema.ValidationError
	if errors.As(err, &ve) {
		return false, nil
	}
	return false, err
}
