// Package crosscheck checks Property 11 of the skill-sharing protocol on the Go side: the
// generated package (gen/go) and an independent JSON Schema validator
// (santhosh-tekuri/jsonschema/v6, compiled from the canonical schema) agree on every document.
//
// The valid direction draws instances of every generated type from gen/go/arbitrary, writes
// them with json.Marshal and checks that both validators accept them and that ParseT gives the
// value back. The invalid direction breaks valid documents at sites found by walking the
// document alongside the schema, and checks that both validators give the same verdict and
// that the generated validator reports the broken location. See docs/crosscheck.md.
package crosscheck

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/schema"
	"github.com/skillgen/skillgen/schema/oracle"
)

// IDBase is the $id prefix of every schema file: a file's $id is IDBase + its path.
const IDBase = "https://skillgen.dev/schema/v1/"

// ---- the schema ----------------------------------------------------------------------------

// Schema is the canonical schema, decoded (for walking) and compiled (for validating) by the
// independent validator.
type Schema struct {
	files    map[string]map[string]any // file URL (its $id) -> decoded file
	roots    []string                  // type names of the top-level files, sorted
	types    map[string]string         // generated type name -> schema location
	compiler *jsonschema.Compiler
	gen      *Generated

	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema // location -> compiled
}

// LoadSchema decodes and compiles the canonical schema from schema.FS, for gen/go.
func LoadSchema() (*Schema, error) {
	return LoadSchemaFS(schema.FS, IDBase, Canonical, nil)
}

// LoadSchemaFS decodes and compiles the schema files of fsys (*.json and defs/*.json), whose
// $id is idBase + their path, for the generated package gen. types maps generated type names
// to their schema locations (file URL#pointer); nil finds them as docs/generated-go.md names
// them.
func LoadSchemaFS(fsys fs.FS, idBase string, gen *Generated, types map[string]string) (*Schema, error) {
	s := &Schema{files: map[string]map[string]any{}, types: map[string]string{}, compiled: map[string]*jsonschema.Schema{}, gen: gen}
	vocab, err := oracle.UniqueByVocabulary()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.RegisterVocabulary(vocab)
	c.AssertVocabs()
	docs, err := oracle.Documents(fsys)
	if err != nil {
		return nil, err
	}
	for _, d := range docs {
		p, doc := d.Path, d.Doc
		id, _ := doc["$id"].(string)
		if id != idBase+p {
			return nil, fmt.Errorf("%s: $id is %q, want %q", p, id, idBase+p)
		}
		if err := c.AddResource(id, doc); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		s.files[id] = doc
		if !strings.Contains(p, "/") {
			s.roots = append(s.roots, strings.TrimSuffix(p, ".json"))
		}
	}
	sort.Strings(s.roots)
	s.compiler = c
	if types != nil {
		s.types = types
	} else {
		s.locateTypes()
	}
	return s, nil
}

// locateTypes maps every generated type name to its schema location: file roots, $defs
// entries, and inline enums named after their parent and property (Endpoint + method ->
// EndpointMethod), following the naming of docs/generated-go.md.
func (s *Schema) locateTypes() {
	known := map[string]bool{}
	for _, n := range s.gen.TypeNames() {
		known[n] = true
	}
	add := func(name, loc string) {
		if known[name] {
			if _, dup := s.types[name]; !dup {
				s.types[name] = loc
			}
		}
	}
	var objects func(name, loc string, n map[string]any)
	objects = func(name, loc string, n map[string]any) {
		props, _ := n["properties"].(map[string]any)
		for _, k := range slices.Sorted(mapKeys(props)) {
			if pn, ok := props[k].(map[string]any); ok {
				if _, isEnum := pn["enum"]; isEnum {
					add(name+pascal(k), loc+"/properties/"+escapeToken(k))
				}
			}
		}
	}
	for _, id := range slices.Sorted(mapKeys(s.files)) {
		doc := s.files[id]
		if title, ok := doc["title"].(string); ok {
			add(title, id)
			objects(title, id+"#", doc)
		}
		defs, _ := doc["$defs"].(map[string]any)
		for _, k := range slices.Sorted(mapKeys(defs)) {
			loc := id + "#/$defs/" + escapeToken(k)
			add(k, loc)
			if dn, ok := defs[k].(map[string]any); ok {
				objects(k, loc, dn)
			}
		}
	}
}

// pascal turns a property name into the Go name part the generator gives it ("token_url" ->
// "TokenURL" is not needed here: only one-word enum properties are looked up).
func pascal(s string) string {
	var b strings.Builder
	for _, part := range strings.Split(s, "_") {
		if part == "" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TopLevelTypes returns the type names of the schema's root files, sorted.
func (s *Schema) TopLevelTypes() []string { return slices.Clone(s.roots) }

// Location returns the schema location of a generated type ("" when it has none).
func (s *Schema) Location(typeName string) string { return s.types[typeName] }

// LocatedTypes returns the generated type names that have a schema location, in the order
// of the generated package's TypeNames.
func (s *Schema) LocatedTypes() []string {
	var out []string
	for _, n := range s.gen.TypeNames() {
		if s.types[n] != "" {
			out = append(out, n)
		}
	}
	return out
}

// Compiled returns the compiled schema at an absolute location (file URL, optionally with a
// JSON Pointer fragment).
func (s *Schema) Compiled(loc string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[loc]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(loc)
	if err != nil {
		return nil, err
	}
	s.compiled[loc] = sch
	return sch, nil
}

// IndependentValidate validates a document (JSON text) as the named type with the
// independent validator. It returns nil when the document is valid; the error is the JSON
// decoding error or the validator's *jsonschema.ValidationError.
func (s *Schema) IndependentValidate(typeName string, data []byte) error {
	loc := s.types[typeName]
	if loc == "" {
		return fmt.Errorf("type %s has no schema location", typeName)
	}
	sch, err := s.Compiled(loc)
	if err != nil {
		return err
	}
	v, err := DecodeInstance(data)
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// DecodeInstance decodes JSON text for the independent validator, refusing trailing data.
func DecodeInstance(data []byte) (any, error) {
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// ---- schema nodes --------------------------------------------------------------------------

// node is one schema object or boolean with its absolute location.
type node struct {
	file string         // the file's URL
	frag string         // JSON Pointer into the file ("" for the root)
	m    map[string]any // nil for a boolean schema
	b    bool           // the boolean schema's value
}

func (n node) loc() string { return n.file + "#" + n.frag }

func (n node) child(v any, toks ...string) node {
	frag := n.frag
	for _, t := range toks {
		frag += "/" + escapeToken(t)
	}
	c := node{file: n.file, frag: frag}
	switch x := v.(type) {
	case map[string]any:
		c.m = x
	case bool:
		c.b = x
	}
	return c
}

func (n node) get(kw string) (any, bool) {
	if n.m == nil {
		return nil, false
	}
	v, ok := n.m[kw]
	return v, ok
}

// sub returns the subschema at keyword kw (and further tokens).
func (n node) sub(kw string, toks ...string) (node, bool) {
	v, ok := n.get(kw)
	if !ok {
		return node{}, false
	}
	for _, t := range toks {
		switch x := v.(type) {
		case map[string]any:
			v, ok = x[t]
		case []any:
			i := 0
			_, err := fmt.Sscan(t, &i)
			ok = err == nil && i >= 0 && i < len(x)
			if ok {
				v = x[i]
			}
		default:
			ok = false
		}
		if !ok {
			return node{}, false
		}
	}
	return n.child(v, append([]string{kw}, toks...)...), true
}

func (s *Schema) root(typeName string) (node, error) {
	loc := s.types[typeName]
	if loc == "" {
		return node{}, fmt.Errorf("type %s has no schema location", typeName)
	}
	return s.resolve(loc)
}

// resolve finds the node at an absolute location.
func (s *Schema) resolve(loc string) (node, error) {
	file, frag, _ := strings.Cut(loc, "#")
	doc, ok := s.files[file]
	if !ok {
		return node{}, fmt.Errorf("no schema file %s", file)
	}
	var v any = doc
	n := node{file: file}
	if frag != "" {
		toks := strings.Split(strings.TrimPrefix(frag, "/"), "/")
		for i := range toks {
			toks[i] = unescapeToken(toks[i])
		}
		rn := node{file: file, m: doc}
		c, ok := rn.sub(toks[0], toks[1:]...)
		if !ok {
			return node{}, fmt.Errorf("no schema at %s", loc)
		}
		return c, nil
	}
	return n.child(v), nil
}

// ref follows the node's $ref.
func (s *Schema) ref(n node) (node, bool, error) {
	r, ok := n.get("$ref")
	if !ok {
		return node{}, false, nil
	}
	rs, _ := r.(string)
	base, err := url.Parse(n.file)
	if err != nil {
		return node{}, false, err
	}
	u, err := url.Parse(rs)
	if err != nil {
		return node{}, false, err
	}
	abs := base.ResolveReference(u)
	frag := abs.Fragment
	abs.Fragment = ""
	t, err := s.resolve(abs.String() + "#" + frag)
	return t, true, err
}

func escapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func unescapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

// Pointer renders RFC 6901 tokens.
func Pointer(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(escapeToken(t))
	}
	return b.String()
}
