// Package load reads schema files of any draft skillgen reads (draft-04, -06, -07, 2019-09,
// 2020-12), checks each against its own draft's metaschema, rewrites it into the canonical
// form of package normalize (draft 2020-12 semantics), and resolves every $ref across files,
// offline: an http(s) reference that no loaded file's $id answers is read from a folder the
// user mapped its URL to (Options.RefMaps), or is an error, never a fetch; a file reference that
// leaves the schema root is an error.
//
// Every location keeps the pointer in the user's file it came from (Location.User), so that
// messages point at what the user wrote. Loading does not stop at the first problem: the set
// records every error (Set.Errors), sorted by file and pointer.
package load

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
	"github.com/skillgen/skillgen/internal/errlist"
)

// Error is a problem with a schema: the file (relative to the schema root, or as given), the
// JSON Pointer inside it (as the user wrote the file), and the reason. In a YAML file, Line and
// Column (from 1; zero when unknown) place the pointer's value in the file.
type Error struct {
	File    string
	Pointer string
	Reason  string
	Line    int
	Column  int
	// Kind, for a warning whose reason names what differs from one place to the next (the
	// names a renamed type got), says what warnings of its kind have in common: a run's
	// repeated warnings of one kind are one line (generator.GroupWarnings).
	Kind string
}

func (e *Error) Error() string {
	if e.Pointer == "" && e.File == "" {
		return e.Reason
	}
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("%s:%d:%d: #%s: %s", e.File, e.Line, e.Column, e.Pointer, e.Reason)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: #%s: %s", e.File, e.Line, e.Pointer, e.Reason)
	}
	return fmt.Sprintf("%s#%s: %s", e.File, e.Pointer, e.Reason)
}

// Errors are every problem found in one run, sorted by file and pointer; errors.As finds each
// *Error in it.
type Errors = errlist.List[*Error]

// Join returns errs sorted by file, pointer and reason, without repeats, as an Errors; nil when
// there are none.
func Join(errs []*Error) error {
	if len(errs) == 0 {
		return nil
	}
	return Errors(Sorted(errs))
}

// Sorted returns a sorted copy of errs without repeats.
func Sorted(errs []*Error) []*Error {
	out := append([]*Error(nil), errs...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if c := ComparePointers(a.Pointer, b.Pointer); c != 0 {
			return c < 0
		}
		return a.Reason < b.Reason
	})
	uniq := out[:0]
	for i, e := range out {
		if i > 0 && *e == *out[i-1] {
			continue
		}
		uniq = append(uniq, e)
	}
	return uniq
}

// ComparePointers orders JSON Pointers token by token, array indexes (and other numeric
// tokens) by value, so that /items/2 comes before /items/10.
func ComparePointers(a, b string) int {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if ta[i] == tb[i] {
			continue
		}
		na, ea := strconv.ParseUint(ta[i], 10, 64)
		nb, eb := strconv.ParseUint(tb[i], 10, 64)
		switch {
		case ea == nil && eb == nil:
			if na < nb {
				return -1
			}
			return 1
		case ta[i] < tb[i]:
			return -1
		default:
			return 1
		}
	}
	return len(ta) - len(tb)
}

// ErrReported is returned for a reference whose problem is already among the set's errors.
var ErrReported = errors.New("reported already")

// Options configure loading.
type Options struct {
	// DisplayName maps a path to the name messages use (nil: the path).
	DisplayName func(path string) string
	// Draft is the draft of the files that do not declare one with $schema (zero: 2020-12).
	Draft normalize.Draft
	// RefMaps answer references by URL prefix from local folders; nothing is ever fetched.
	RefMaps []RefMap
	// Root is the schema root: a reference to a file below it that was not given (a sibling of
	// a single schema file) reads it from there. Nil: only the given files.
	Root fs.FS
}

// RefMap answers a reference whose URL starts with Prefix with the file at the rest of the URL
// below FS.
type RefMap struct {
	Prefix string
	FS     fs.FS
	// Display is how messages name the folder (as the user spelled it).
	Display string
}

// File is one loaded schema file.
type File struct {
	// Path is the file's path relative to the schema root, with forward slashes (for a file read
	// through a RefMap or a built-in metaschema: its URL without the scheme); Display is how
	// messages name it.
	Path    string
	Display string
	// URL is the file's base URI: its root $id resolved against the URL it was read from (a
	// file: URL inside the schema root for the files given).
	URL string
	// Raw is the file in the canonical form of package normalize.
	Raw *ojson.Value

	doc *normalize.Document
	// yaml is the node tree of a YAML file, which places a pointer on a line (yamlPosition).
	yaml *yaml.Node
}

// Set is a loaded, metaschema-checked, normalized set of schema files with every reference
// resolved.
type Set struct {
	Files []*File // sorted by Path; files that could not be read or checked are left out

	opts  Options
	byURL map[string]*File // by retrieval URL and by root $id
	// resources maps absolute URIs (of files, embedded $id resources, and URI#anchor) to
	// locations; refs maps the location of every schema holding a $ref to its target.
	resources map[string]Location
	refs      map[string]Location
	failed    map[string]bool // $ref locations whose reference failed (reported)
	dynamic   dynamicIndex    // $dynamicRef, $recursiveRef and their anchors (dynamic.go)
	// indexed holds every schema location walked, with the base URI in force there.
	indexed map[string]*url.URL
	// targets holds the reference targets and their ancestors.
	targets  map[string]bool
	pending  []pendingRef
	errs     []*Error
	warnings []*Error
	// yamlFiles holds the YAML files by Display, to place errors on their lines (Locate).
	yamlFiles map[string]*File
	yamlKeys  map[*yaml.Node]map[string]int // the mappings Locate walked, indexed by key
}

// rootURL is the base of file: URLs of schema files: a fixed, machine-independent prefix, so
// that nothing in the output depends on where the schema lives on disk.
const rootURL = "file:///skillgen-schema-root/"

// FromFS loads every .json, .yaml and .yml file below dir in fsys (files in folders named
// "examples" and "node_modules" excluded, and skillgen's configuration file, skillgen.yaml) or,
// when dir names a file, that file alone. display is prefixed to file names in messages.
func FromFS(fsys fs.FS, dir, display string) (*Set, error) {
	return ReadFS(fsys, dir, display, Options{})
}

// ReadFS is FromFS with options (opts.DisplayName is derived from display).
func ReadFS(fsys fs.FS, dir, display string, opts Options) (*Set, error) {
	st, err := fs.Stat(fsys, dir)
	if err != nil {
		return nil, Errors{{File: display, Reason: unwrapPathError(err).Error()}}
	}
	var paths []string
	root := dir
	if !st.IsDir() {
		root = path.Dir(dir)
		paths = []string{path.Base(dir)}
	} else {
		err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != dir && (d.Name() == "examples" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
					return fs.SkipDir
				}
				return nil
			}
			if IsSchemaFile(p) && d.Name() != "skillgen.yaml" && d.Name() != "skillgen.yml" {
				rel := strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
				if dir == "." {
					rel = p
				}
				paths = append(paths, rel)
			}
			return nil
		})
		if err != nil {
			return nil, Errors{{File: display, Reason: err.Error()}}
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		return nil, Errors{{File: display, Reason: "no .json, .yaml or .yml schema files found"}}
	}
	single := ""
	if !st.IsDir() {
		single = paths[0]
	}
	opts.DisplayName = func(p string) string { return joinDisplay(display, p, single) }
	docs := make(map[string][]byte, len(paths))
	for _, p := range paths {
		data, err := fs.ReadFile(fsys, path.Join(root, p))
		if err != nil {
			return nil, Errors{{File: opts.DisplayName(p), Reason: unwrapPathError(err).Error()}}
		}
		docs[p] = data
	}
	if sub, err := fs.Sub(fsys, root); err == nil {
		opts.Root = sub
	}
	return Read(docs, opts)
}

// joinDisplay names file p of the schema root in messages: display is how the user named the
// root folder, or (single != "") the file single in it.
func joinDisplay(display, p, single string) string {
	switch {
	case display == "":
		return p
	case single == p:
		return display
	case single != "":
		return path.Join(path.Dir(display), p)
	}
	return strings.TrimSuffix(display, "/") + "/" + p
}

// FromDocs loads schema documents given by path (relative to a virtual schema root), of
// draft 2020-12 unless they declare another. displayName maps a path to the name messages use.
func FromDocs(docs map[string][]byte, displayName func(string) string) (*Set, error) {
	return Read(docs, Options{DisplayName: displayName})
}

// Read loads schema documents given by path (relative to a virtual schema root).
//
// Every document is checked against the metaschema of its draft and normalized, then every
// $ref is resolved: against the base URI in force where it stands ($id of the enclosing schema
// resources, else the file's URL), to a loaded file, an embedded resource ($id) or an anchor
// ($anchor), and a JSON Pointer fragment inside it (as the user wrote the file). A reference no
// loaded file answers is read through opts.RefMaps, or from the metaschemas skillgen carries;
// nothing is ever fetched. The cost is linear in the size of the schema.
//
// When there are errors, Read returns them (an Errors) together with the set, whose Errors
// holds them too, so that the builder can add its own.
func Read(docs map[string][]byte, opts Options) (*Set, error) {
	if opts.DisplayName == nil {
		opts.DisplayName = func(p string) string { return p }
	}
	if opts.Draft == 0 {
		opts.Draft = normalize.Draft2020
	}
	paths := make([]string, 0, len(docs))
	for p := range docs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	s := &Set{opts: opts, byURL: map[string]*File{}, resources: map[string]Location{},
		refs: map[string]Location{}, failed: map[string]bool{}, indexed: map[string]*url.URL{}, targets: map[string]bool{}}
	for _, p := range paths {
		s.add(p, opts.DisplayName(p), rootURL+p, docs[p])
	}
	s.resolveAll()
	sort.Slice(s.Files, func(i, j int) bool { return s.Files[i].Path < s.Files[j].Path })
	s.Locate(s.errs)
	s.Locate(s.warnings)
	return s, Join(s.errs)
}

// IsSchemaFile reports whether a file name is one a schema folder is read for: .json, .yaml or
// .yml.
func IsSchemaFile(name string) bool {
	return strings.HasSuffix(name, ".json") || isYAML(name)
}

func isYAML(name string) bool {
	return strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")
}

// SchemaBase is a schema file's name without its folder and extension (.json, .yaml, .yml).
func SchemaBase(p string) string {
	b := path.Base(p)
	for _, ext := range []string{".json", ".yaml", ".yml"} {
		if t, ok := strings.CutSuffix(b, ext); ok {
			return t
		}
	}
	return b
}

// Locate gives the errors about places in YAML files of the set their line and column (of the
// pointer's value, or of its nearest ancestor in the file), when they have none.
func (s *Set) Locate(errs []*Error) {
	if len(s.yamlFiles) == 0 {
		return
	}
	if s.yamlKeys == nil {
		s.yamlKeys = map[*yaml.Node]map[string]int{}
	}
	for _, e := range errs {
		if f := s.yamlFiles[e.File]; f != nil && e.Line == 0 {
			e.Line, e.Column = yamlPosition(f.yaml, e.Pointer, s.yamlKeys)
		}
	}
}

// Errors returns the problems found, sorted.
func (s *Set) Errors() []*Error { return Sorted(s.errs) }

// Warnings returns what was ignored or looks wrong but does not stop generation, sorted.
func (s *Set) Warnings() []*Error { return Sorted(s.warnings) }

func (s *Set) fail(f *File, ptr, format string, args ...any) {
	s.errs = append(s.errs, &Error{File: f.Display, Pointer: ptr, Reason: fmt.Sprintf(format, args...)})
}

// add reads one schema file, retrieved from URL retrieval, and indexes it. A file that is not
// JSON or does not conform to its metaschema is recorded as an error and left out of Files.
func (s *Set) add(p, display, retrieval string, data []byte) *File {
	f := &File{Path: p, Display: display, URL: retrieval}
	s.byURL[retrieval] = f
	if isYAML(p) || isYAML(display) {
		conv, root, err := yamlToJSON(display, data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				e = &Error{File: display, Reason: err.Error()}
			}
			s.errs = append(s.errs, e)
			return f
		}
		data, f.yaml = conv, root
		if s.yamlFiles == nil {
			s.yamlFiles = map[string]*File{}
		}
		s.yamlFiles[display] = f
	}
	raw, err := ojson.Parse(data)
	if err != nil {
		s.fail(f, "", "not valid JSON: %v", err)
		return f
	}
	var norm *normalize.Document
	var findings []normalize.Finding
	ok := false
	if api, isAPI, err := normalize.OpenAPIVersion(raw); err != nil {
		s.fail(f, "/openapi", "%v", err)
		return f
	} else if isAPI {
		if norm, findings, ok = s.openAPI(f, raw, data, api); !ok {
			return f
		}
	} else if norm, findings, ok = s.schemaDocument(f, raw, data); !ok {
		return f
	}
	for _, fd := range findings {
		e := &Error{File: f.Display, Pointer: fd.Pointer, Reason: fd.Message}
		if fd.Warning {
			s.warnings = append(s.warnings, e)
		} else {
			s.errs = append(s.errs, e)
		}
	}
	f.Raw, f.doc = norm.Root, norm
	if id, ok := f.Raw.Get("$id"); ok && id.Kind == ojson.String {
		ru, _ := url.Parse(retrieval)
		if u, err := url.Parse(id.Str); err != nil {
			s.fail(f, norm.UserPointer("/$id"), "invalid $id: %v", err)
		} else if abs := ru.ResolveReference(u); abs.Scheme != "file" || !u.IsAbs() {
			abs.Fragment, abs.RawFragment = "", ""
			f.URL = abs.String()
		}
	}
	if other, dup := s.byURL[f.URL]; dup && other != f {
		s.fail(f, norm.UserPointer("/$id"), "$id %q is also the $id of %s", f.URL, other.Display)
		return f
	}
	s.byURL[f.URL] = f
	s.Files = append(s.Files, f)
	root := Location{File: f}
	s.resources[retrieval] = root
	s.resources[f.URL] = root
	base, _ := url.Parse(f.URL)
	s.index(root, f.Raw, base)
	return f
}

// schemaDocument checks a JSON Schema document (raw, its JSON text data) against the
// metaschema of its draft and normalizes it. ok is false when it does not conform (the errors
// are recorded).
func (s *Set) schemaDocument(f *File, raw *ojson.Value, data []byte) (*normalize.Document, []normalize.Finding, bool) {
	dialect, ok := s.draftOf(f, raw)
	draft := dialect.Draft
	if !ok {
		return nil, nil, false
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		s.fail(f, "", "not valid JSON: %v", err)
		return nil, nil, false
	}
	meta, err := metaschema(draft)
	if err != nil {
		s.fail(f, "", "the %s metaschema: %v", draft, err)
		return nil, nil, false
	}
	if err := meta.Validate(doc); err != nil {
		s.errs = append(s.errs, metaErrors(f, draft, doc, err)...)
		return nil, nil, false
	}
	norm, findings := normalize.NormalizeDialect(raw, dialect)
	return norm, findings, true
}

// draftOf returns the dialect a file declares with $schema (its draft, and the vocabularies
// of a custom metaschema), or the default draft.
func (s *Set) draftOf(f *File, raw *ojson.Value) (normalize.Dialect, bool) {
	ms, ok := raw.Get("$schema")
	if !ok || ms.Kind != ojson.String {
		return normalize.Dialect{Draft: s.opts.Draft}, true
	}
	if d, ok := normalize.FromURI(ms.Str); ok {
		return normalize.Dialect{Draft: d}, true
	}
	// A custom metaschema: it must be a schema skillgen can read (a loaded file, or one a
	// RefMap answers); the file is then of its draft, with the vocabularies the first
	// metaschema of the chain that declares "$vocabulary" lists.
	seen := map[string]bool{}
	uri := ms.Str
	var vocab *ojson.Value
	for {
		u := strings.TrimSuffix(uri, "#")
		if seen[u] {
			s.fail(f, "/$schema", "$schema %q: the metaschemas refer to each other in a cycle", ms.Str)
			return normalize.Dialect{}, false
		}
		seen[u] = true
		var meta *ojson.Value
		if mf := s.byURL[u]; mf != nil && mf.Raw != nil {
			meta = mf.Raw
		} else {
			data, display, err := s.lookup(u)
			if data == nil {
				reason := "is not a draft skillgen reads (draft-04, -06, -07, 2019-09, 2020-12)"
				if err != nil {
					reason = err.Error()
				}
				s.fail(f, "/$schema", "$schema %q %s", ms.Str, reason)
				return normalize.Dialect{}, false
			}
			if meta, err = ojson.Parse(data); err != nil {
				s.fail(f, "/$schema", "$schema %q: the metaschema %s is not valid JSON: %v", ms.Str, display, err)
				return normalize.Dialect{}, false
			}
		}
		if v, ok := meta.Get("$vocabulary"); ok && vocab == nil {
			vocab = v
		}
		next, ok := meta.Get("$schema")
		d, known := normalize.Draft(0), false
		if !ok || next.Kind != ojson.String {
			d, known = s.opts.Draft, true
		} else {
			d, known = normalize.FromURI(next.Str)
		}
		if !known {
			uri = next.Str
			continue
		}
		if vocab == nil || d < normalize.Draft2019 {
			return normalize.Dialect{Draft: d}, true
		}
		dl, err := normalize.ReadVocabulary(d, vocab)
		if err != nil {
			s.fail(f, "/$schema", "$schema %q %v", ms.Str, err)
			return normalize.Dialect{}, false
		}
		return dl, true
	}
}

type pendingRef struct {
	at      Location // the schema object holding "$ref"
	ref     string
	base    *url.URL
	keyword string // "$ref", "$dynamicRef" or "$recursiveRef"
}

// Keywords whose value is a schema, a map of schemas, or an array of schemas (in the canonical
// form): the places the index walk descends into. Anything else is data (enum, const,
// examples …) or an unknown keyword, walked only where a reference leads.
var (
	schemaKeywords = map[string]bool{"additionalProperties": true, "items": true, "not": true,
		"if": true, "then": true, "else": true, "propertyNames": true, "contains": true,
		"unevaluatedProperties": true, "unevaluatedItems": true, "contentSchema": true}
	schemaMapKeywords   = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "dependentSchemas": true}
	schemaArrayKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// index walks the schema at loc (value v) under base URI base, registering embedded resources
// and anchors and collecting references. A location already walked is not walked again.
func (s *Set) index(loc Location, v *ojson.Value, base *url.URL) {
	key := loc.String()
	if _, done := s.indexed[key]; done {
		return
	}
	if v.Kind != ojson.Object {
		s.indexed[key] = base
		return
	}
	f := loc.File
	if id, ok := v.Get("$id"); ok && id.Kind == ojson.String && loc.Pointer != "" {
		u, err := url.Parse(id.Str)
		if err != nil {
			s.fail(f, loc.Child("$id").User, "invalid $id: %v", err)
		} else {
			base = base.ResolveReference(u)
			base.Fragment, base.RawFragment = "", ""
			rk := base.String()
			if prev, dup := s.resources[rk]; dup && prev != loc {
				s.fail(f, loc.Child("$id").User, "$id %q is also the $id of %s", rk, s.Display(prev))
			} else {
				s.resources[rk] = loc
			}
		}
	}
	s.indexed[key] = base
	for _, kw := range []string{"$anchor", "$dynamicAnchor"} {
		// A $dynamicAnchor is a plain-name fragment too.
		if a, ok := v.Get(kw); ok && a.Kind == ojson.String {
			ak := base.String() + "#" + a.Str
			if prev, dup := s.resources[ak]; dup && prev != loc {
				s.fail(f, loc.Child(kw).User, "%s %q is also declared at %s", kw, a.Str, s.Display(prev))
			} else {
				s.resources[ak] = loc
			}
			if kw == "$dynamicAnchor" {
				s.dynamic.anchor(base.String(), a.Str, loc)
			}
		}
	}
	if a, ok := v.Get("$recursiveAnchor"); ok && a.Kind == ojson.Bool && a.Bool && s.resources[base.String()] == loc {
		s.dynamic.anchor(base.String(), recursiveAnchor, loc)
	}
	for _, kw := range []string{"$ref", "$dynamicRef", "$recursiveRef"} {
		if r, ok := v.Get(kw); ok && r.Kind == ojson.String {
			s.pending = append(s.pending, pendingRef{at: loc, ref: r.Str, base: base, keyword: kw})
		}
	}
	for _, m := range v.Members {
		switch {
		case schemaKeywords[m.Key]:
			s.index(loc.Child(m.Key), m.Value, base)
		case schemaMapKeywords[m.Key] && m.Value.Kind == ojson.Object:
			for _, e := range m.Value.Members {
				s.index(loc.Child(m.Key, e.Key), e.Value, base)
			}
		case schemaArrayKeywords[m.Key] && m.Value.Kind == ojson.Array:
			for i, e := range m.Value.Arr {
				s.index(loc.Child(m.Key, strconv.Itoa(i)), e, base)
			}
		}
	}
}

// baseAt returns the base URI in force at loc: that of the nearest walked location at or above
// it.
func (s *Set) baseAt(loc Location) *url.URL {
	p := loc.Pointer
	for {
		if b, ok := s.indexed[loc.File.Path+"#"+p]; ok {
			return b
		}
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			b, _ := url.Parse(loc.File.URL)
			return b
		}
		p = p[:i]
	}
}

// resolveAll resolves every pending reference, reading the files RefMaps answer and walking
// the locations references lead to, until nothing is left. A reference that fails is tried
// once more after the others, in case a file read later answers it.
func (s *Set) resolveAll() {
	var failed []pendingRef
	var reasons []*Error
	for round := 0; ; round++ {
		for len(s.pending) > 0 {
			r := s.pending[0]
			s.pending = s.pending[1:]
			target, err := s.resolve(r)
			if err != nil {
				if err != ErrReported {
					failed = append(failed, r)
					reasons = append(reasons, &Error{File: r.at.File.Display, Pointer: r.at.Child(r.keyword).User, Reason: err.Error()})
				} else {
					s.failed[r.key()] = true
				}
				continue
			}
			if r.keyword == "$ref" {
				s.refs[r.at.String()] = target
			} else {
				s.dynamic.ref(r, target)
			}
		}
		if len(failed) == 0 || round > 0 {
			break
		}
		s.pending, failed, reasons = failed, nil, nil
	}
	for i, r := range failed {
		s.failed[r.key()] = true
		s.errs = append(s.errs, reasons[i])
	}
}

// resolve finds the location a reference points at, walking it when no walk reached it.
func (s *Set) resolve(r pendingRef) (Location, error) {
	u, err := url.Parse(r.ref)
	if err != nil {
		return Location{}, fmt.Errorf("invalid reference %q: %v", r.ref, err)
	}
	abs := r.base.ResolveReference(u)
	frag := abs.Fragment
	rawFrag := abs.EscapedFragment()
	abs.Fragment, abs.RawFragment = "", ""
	doc := abs.String()
	res, ok := s.resources[doc]
	if !ok {
		f := s.byURL[doc]
		if rel, inRoot := strings.CutPrefix(doc, rootURL); f == nil && inRoot && s.opts.Root != nil && fs.ValidPath(rel) {
			data, err := fs.ReadFile(s.opts.Root, rel)
			switch {
			case err == nil:
				f = s.add(rel, s.opts.DisplayName(rel), doc, data)
			case errors.Is(err, ErrOutsideRoot):
				return Location{}, fmt.Errorf("reference %q leaves the schema root: %s is a symbolic link to a place outside it", r.ref, s.opts.DisplayName(rel))
			case !errors.Is(err, fs.ErrNotExist):
				return Location{}, fmt.Errorf("reference %q: %s: %v", r.ref, s.opts.DisplayName(rel), unwrapPathError(err))
			}
		}
		if f == nil {
			var ferr error
			if f, ferr = s.fetch(doc); ferr != nil {
				return Location{}, fmt.Errorf("reference %q: %v", r.ref, ferr)
			}
		}
		if f == nil {
			return Location{}, s.unresolved(r.ref, abs, doc)
		}
		if res, ok = s.resources[doc]; !ok {
			return Location{}, ErrReported // the file did not load: its errors say why
		}
	}
	target := res
	switch {
	case frag == "":
	case !strings.HasPrefix(frag, "/"):
		a, ok := s.resources[doc+"#"+frag]
		if !ok {
			return Location{}, fmt.Errorf("reference %q: no $anchor %q in %s", r.ref, frag, doc)
		}
		target = a
	default:
		ptr, err := url.PathUnescape(rawFrag)
		if err != nil {
			ptr = frag
		}
		user := res.User + ptr
		target = Location{File: res.File, Pointer: res.File.doc.Pointer(user), User: user}
	}
	raw, ok := target.Raw()
	if !ok {
		return Location{}, fmt.Errorf("reference %q points at nothing (no %s in %s)", r.ref, target.User, target.File.Display)
	}
	if raw.Kind != ojson.Object && raw.Kind != ojson.Bool {
		return Location{}, fmt.Errorf("reference %q points at %s, which is not a schema", r.ref, kindName(raw))
	}
	s.index(target, raw, s.baseAt(target))
	for p := target.Pointer; ; {
		k := target.File.Path + "#" + p
		if s.targets[k] {
			break
		}
		s.targets[k] = true
		i := strings.LastIndexByte(p, '/')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return target, nil
}

func kindName(v *ojson.Value) string {
	switch v.Kind {
	case ojson.Null:
		return "null"
	case ojson.Number:
		return "a number (" + v.Str + ")"
	case ojson.String:
		return fmt.Sprintf("a string (%q)", clip(v.Str, 40))
	case ojson.Array:
		return "an array"
	}
	return "a value"
}

// unresolved explains why no loaded file answers the document URL doc of a reference.
func (s *Set) unresolved(ref string, abs *url.URL, doc string) error {
	switch {
	case strings.HasPrefix(doc, rootURL):
		return fmt.Errorf("reference %q: no schema file %s in the schema root", ref, strings.TrimPrefix(doc, rootURL))
	case abs.Scheme == "file":
		return fmt.Errorf("reference %q leaves the schema root", ref)
	case abs.Scheme == "http" || abs.Scheme == "https":
		hint := "; skillgen never fetches (pass the file with -schema, or map the URL to a folder with -ref-map)"
		if doc == ref {
			return fmt.Errorf("remote reference %s is not the $id of any loaded schema%s", doc, hint)
		}
		return fmt.Errorf("remote reference %q resolves to %s, which is not the $id of any loaded schema%s", ref, doc, hint)
	}
	return fmt.Errorf("reference %q cannot be resolved offline", ref)
}

// fetch reads the file a RefMap (or a built-in metaschema) answers URL doc with, and loads it.
// It returns nil and no error when nothing answers the URL.
func (s *Set) fetch(doc string) (*File, error) {
	data, display, err := s.lookup(doc)
	if data == nil {
		return nil, err
	}
	return s.add(urlPath(doc), display, doc, data), nil
}

// lookup reads the document a RefMap (or a built-in metaschema) answers URL doc with, and how
// messages name it. It returns nil and no error when nothing answers the URL.
func (s *Set) lookup(doc string) ([]byte, string, error) {
	var best *RefMap
	for i := range s.opts.RefMaps {
		m := &s.opts.RefMaps[i]
		if strings.HasPrefix(doc, m.Prefix) && (best == nil || len(m.Prefix) > len(best.Prefix)) {
			best = m
		}
	}
	if best != nil {
		rest := strings.TrimPrefix(doc, best.Prefix)
		if dec, err := url.PathUnescape(rest); err == nil {
			rest = dec
		}
		rest = strings.TrimPrefix(rest, "/")
		display := strings.TrimSuffix(best.Display, "/") + "/" + rest
		if rest == "" || !fs.ValidPath(rest) {
			return nil, "", fmt.Errorf("%s maps to %s, which is not a file below %s (-ref-map %s=%s)", doc, display, best.Display, best.Prefix, best.Display)
		}
		data, err := fs.ReadFile(best.FS, rest)
		if errors.Is(err, fs.ErrNotExist) && !strings.HasSuffix(rest, ".json") {
			// Schema Store schemas refer to one another without the extension
			// (tsconfig#/definitions/…), and the folder holds tsconfig.json.
			if data, jerr := fs.ReadFile(best.FS, rest+".json"); jerr == nil {
				return data, display + ".json", nil
			} else if !errors.Is(jerr, fs.ErrNotExist) {
				return nil, "", fmt.Errorf("%s maps to %s.json, which cannot be read (-ref-map %s=%s): %v", doc, display, best.Prefix, best.Display, unwrapPathError(jerr))
			}
			return nil, "", fmt.Errorf("%s maps to %s, which cannot be read, nor can %s.json (-ref-map %s=%s): %v", doc, display, display, best.Prefix, best.Display, unwrapPathError(err))
		}
		if err != nil {
			return nil, "", fmt.Errorf("%s maps to %s, which cannot be read (-ref-map %s=%s): %v", doc, display, best.Prefix, best.Display, unwrapPathError(err))
		}
		return data, display, nil
	}
	if data, ok := builtinMetaschema(doc); ok {
		return data, doc, nil
	}
	return nil, "", nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// urlPath names a file read by URL: the URL without its scheme.
func urlPath(doc string) string {
	if _, rest, ok := strings.Cut(doc, "://"); ok {
		return rest
	}
	return doc
}

// Location is a place in a loaded file: Pointer in its canonical form, User in the file as the
// user wrote it.
type Location struct {
	File    *File
	Pointer string
	User    string
}

func (l Location) String() string { return l.File.Path + "#" + l.Pointer }

// Raw returns the raw JSON (canonical form) at l.
func (l Location) Raw() (*ojson.Value, bool) { return l.File.Raw.At(l.Pointer) }

// Child returns the location below l reached by the member names (or array indexes) toks.
func (l Location) Child(toks ...string) Location {
	p, u := l.Pointer, l.User
	for _, t := range toks {
		e := "/" + ojson.EscapeToken(t)
		p += e
		u += e
		if l.File.doc != nil {
			if orig, ok := l.File.doc.Renamed(p); ok {
				u = orig
			}
		}
	}
	return Location{File: l.File, Pointer: p, User: u}
}

// At returns the location of the canonical pointer p in f.
func (f *File) At(p string) Location {
	u := p
	if f.doc != nil {
		u = f.doc.UserPointer(p)
	}
	return Location{File: f, Pointer: p, User: u}
}

// RefTarget returns the location a "$ref" at loc resolves to. ErrReported means the reference
// failed and its error is among the set's.
func (s *Set) RefTarget(loc Location) (Location, error) {
	t, ok := s.refs[loc.String()]
	if !ok {
		if s.failed[loc.String()] {
			return Location{}, ErrReported
		}
		return Location{}, &Error{File: loc.File.Display, Pointer: loc.Child("$ref").User, Reason: "$ref was not resolved"}
	}
	return t, nil
}

// Referenced reports whether a reference points at loc or below it.
func (s *Set) Referenced(loc Location) bool { return s.targets[loc.String()] }

// Display names a location for messages: the file as the user named it, and the pointer as
// the user wrote it.
func (s *Set) Display(loc Location) string { return loc.File.Display + "#" + loc.User }

// Source names a location relative to the schema root, the pointer as the user wrote it (for
// generated code: the same from any working directory).
func (s *Set) Source(loc Location) string { return loc.File.Path + "#" + loc.User }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
