package breaking

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/schema/oracle"
)

// rootURL is the base URL the loader gives the files of a schema set (load.rootURL).
const rootURL = "file:///skillgen-schema-root/"

// validator judges documents by one version of the schema set, with the semantics of every
// draft as the files declare it: github.com/santhosh-tekuri/jsonschema/v6 (already the
// loader's metaschema checker), formats as annotations as the generated code treats them,
// and skillgen's x-unique-by. Nothing is fetched: the files are read from the version's own
// folder, its reference maps, or the metaschemas the module carries.
type validator struct {
	mu       sync.Mutex
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	failed   map[string]error
}

func newValidator(v *version) (*validator, error) {
	vocab, err := oracle.UniqueByVocabulary()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschemaDraft(v.draft))
	c.RegisterVocabulary(vocab)
	c.AssertVocabs()
	load.FormatsAsAnnotations(c)
	byID := map[string]string{}
	for _, f := range v.set.Files {
		if strings.HasPrefix(f.URL, "file:") {
			continue
		}
		byID[strings.TrimSuffix(f.URL, "#")] = f.Path
	}
	c.UseLoader(versionLoader{v: v, byID: byID})
	return &validator{c: c, compiled: map[string]*jsonschema.Schema{}, failed: map[string]error{}}, nil
}

func jsonschemaDraft(d normalize.Draft) *jsonschema.Draft {
	switch d {
	case normalize.Draft4:
		return jsonschema.Draft4
	case normalize.Draft6:
		return jsonschema.Draft6
	case normalize.Draft7:
		return jsonschema.Draft7
	case normalize.Draft2019:
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

// versionLoader reads the files of one version for the validator.
type versionLoader struct {
	v    *version
	byID map[string]string // root $id of a file of the set → its path
}

func (l versionLoader) Load(u string) (any, error) {
	read := func(fsys fs.FS, p string) (any, error) {
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		return jsonschema.UnmarshalJSON(bytes.NewReader(data))
	}
	if p, ok := strings.CutPrefix(u, rootURL); ok && fs.ValidPath(p) {
		return read(l.v.src.FS, path.Join(l.v.src.root(), p))
	}
	if p, ok := l.byID[u]; ok {
		return read(l.v.src.FS, path.Join(l.v.src.root(), p))
	}
	for _, m := range l.v.src.RefMaps {
		if rest, ok := strings.CutPrefix(u, m.Prefix); ok && fs.ValidPath(rest) {
			return read(m.FS, rest)
		}
	}
	return nil, fmt.Errorf("%s is not fetched", u)
}

// schemaAt compiles the schema at a location "file.json#/pointer" of the version.
func (val *validator) schemaAt(loc string) (*jsonschema.Schema, error) {
	val.mu.Lock()
	defer val.mu.Unlock()
	if s, ok := val.compiled[loc]; ok {
		return s, nil
	}
	if err, ok := val.failed[loc]; ok {
		return nil, err
	}
	file, ptr, _ := strings.Cut(loc, "#")
	s, err := val.c.Compile(rootURL + file + "#" + ptr)
	if err != nil {
		val.failed[loc] = err
		return nil, err
	}
	val.compiled[loc] = s
	return s, nil
}

// verr is one failure: "#/pointer: message", and the location of the keyword that failed
// ("file.json#/pointer/keyword" for a file of the version, else its URL).
type verr struct {
	line, keyword string
	// inst is the JSON Pointer of the value at fault (a member additionalProperties refuses,
	// not its object).
	inst string
}

// check validates a document (decoded by jsonschema.UnmarshalJSON) against the schema at loc:
// nil when it is valid, else the failures.
func (val *validator) check(loc string, doc any) ([]verr, error) {
	s, err := val.schemaAt(loc)
	if err != nil {
		return nil, err
	}
	err = s.Validate(doc)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []verr{{line: "#: " + err.Error()}}, nil
	}
	return errorList(ve), nil
}

func lines(errs []verr) []string {
	var out []string
	for i, e := range errs {
		if i == 0 || e.line != errs[i-1].line {
			out = append(out, e.line)
		}
	}
	return out
}

var printer = message.NewPrinter(language.English)

// errorList flattens a validation error into its leaves, sorted and without repeats.
func errorList(ve *jsonschema.ValidationError) []verr {
	seen := map[string]bool{}
	var out []verr
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		p := ""
		for _, t := range e.InstanceLocation {
			p += "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(t)
		}
		line := "#" + p + ": " + e.ErrorKind.LocalizedString(printer)
		kw := strings.TrimPrefix(e.SchemaURL, rootURL)
		for _, k := range e.ErrorKind.KeywordPath() {
			kw += "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
		}
		insts := []string{p}
		if ap, ok := e.ErrorKind.(*kind.AdditionalProperties); ok {
			insts = nil
			for _, m := range ap.Properties {
				insts = append(insts, p+"/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(m))
			}
		}
		for _, inst := range insts {
			if !seen[line+"\x00"+inst] {
				seen[line+"\x00"+inst] = true
				out = append(out, verr{line: line, keyword: kw, inst: inst})
			}
		}
	}
	walk(ve)
	sort.Slice(out, func(i, j int) bool { return out[i].line < out[j].line })
	return out
}
