// Package load reads schema files, checks them against the draft 2020-12 metaschema, and
// resolves $ref across files, offline: an http(s) reference that no loaded file's $id answers
// is an error, never a fetch, and a file reference that leaves the schema root is an error.
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
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/skillgen/skillgen/generator/ojson"
)

// Error is a problem with a schema: the file (relative to the schema root, or as given), the
// JSON Pointer inside it, and the reason.
type Error struct {
	File    string
	Pointer string
	Reason  string
}

func (e *Error) Error() string {
	if e.Pointer == "" && e.File == "" {
		return e.Reason
	}
	return fmt.Sprintf("%s#%s: %s", e.File, e.Pointer, e.Reason)
}

// File is one loaded schema file.
type File struct {
	// Path is the file's path relative to the schema root, with forward slashes; Display is
	// how messages name it (the root's display prefix joined with Path).
	Path    string
	Display string
	// URL is the resource URL the file is registered under: its root $id when it has an
	// absolute one, else a file: URL inside the schema root.
	URL string
	Raw *ojson.Value
}

// Set is a loaded, metaschema-checked set of schema files.
type Set struct {
	Files []*File // sorted by Path
	byURL map[string]*File
	// resources maps absolute URIs (of files, embedded $id resources, and URI#anchor) to
	// locations; refs maps the location of every schema holding a $ref to its target.
	resources map[string]Location
	refs      map[string]Location
}

// rootURL is the base of file: URLs of schema files: a fixed, machine-independent prefix, so
// that nothing in the output depends on where the schema lives on disk.
const rootURL = "file:///skillgen-schema-root/"

// FromFS loads every .json file below dir in fsys (files in folders named "examples" and
// "node_modules" excluded) or, when dir names a file, that file alone. display is prefixed to
// file names in messages.
func FromFS(fsys fs.FS, dir, display string) (*Set, error) {
	st, err := fs.Stat(fsys, dir)
	if err != nil {
		return nil, &Error{File: display, Reason: err.Error()}
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
			if strings.HasSuffix(p, ".json") {
				rel := strings.TrimPrefix(strings.TrimPrefix(p, dir), "/")
				if dir == "." {
					rel = p
				}
				paths = append(paths, rel)
			}
			return nil
		})
		if err != nil {
			return nil, &Error{File: display, Reason: err.Error()}
		}
	}
	sort.Strings(paths)
	if len(paths) == 0 {
		return nil, &Error{File: display, Reason: "no .json schema files found"}
	}
	docs := make(map[string][]byte, len(paths))
	for _, p := range paths {
		data, err := fs.ReadFile(fsys, path.Join(root, p))
		if err != nil {
			return nil, &Error{File: joinDisplay(display, p, !st.IsDir()), Reason: err.Error()}
		}
		docs[p] = data
	}
	return FromDocs(docs, func(p string) string { return joinDisplay(display, p, !st.IsDir()) })
}

func joinDisplay(display, p string, single bool) string {
	if single || display == "" {
		if single && display != "" {
			return display
		}
		return p
	}
	return strings.TrimSuffix(display, "/") + "/" + p
}

// FromDocs loads schema documents given by path (relative to a virtual schema root).
// displayName maps a path to the name messages use.
//
// Every document is checked against the draft 2020-12 metaschema, then every $ref is
// resolved: against the base URI in force where it stands ($id of the enclosing schema
// resources, else the file's URL), to a loaded file, an embedded resource ($id) or an anchor
// ($anchor), and a JSON Pointer fragment inside it. Nothing outside the given documents is
// ever read or fetched. The cost is linear in the size of the schema.
func FromDocs(docs map[string][]byte, displayName func(string) string) (*Set, error) {
	if displayName == nil {
		displayName = func(p string) string { return p }
	}
	paths := make([]string, 0, len(docs))
	for p := range docs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	set := &Set{byURL: map[string]*File{}, resources: map[string]Location{}, refs: map[string]Location{}}
	meta, err := metaschema()
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		f := &File{Path: p, Display: displayName(p)}
		raw, err := ojson.Parse(docs[p])
		if err != nil {
			return nil, &Error{File: f.Display, Reason: "not valid JSON: " + err.Error()}
		}
		f.Raw = raw
		f.URL = rootURL + p
		if raw.Kind == ojson.Object {
			if id, ok := raw.Get("$id"); ok && id.Kind == ojson.String {
				if u, err := url.Parse(id.Str); err == nil && u.IsAbs() && u.Scheme != "file" {
					u.Fragment = ""
					f.URL = u.String()
				}
			}
		}
		if other, dup := set.byURL[f.URL]; dup {
			return nil, &Error{File: f.Display, Pointer: "/$id", Reason: fmt.Sprintf("$id %q is also the $id of %s", f.URL, other.Display)}
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(docs[p]))
		if err != nil {
			return nil, &Error{File: f.Display, Reason: "not valid JSON: " + err.Error()}
		}
		if err := meta.Validate(doc); err != nil {
			return nil, metaError(f, err)
		}
		set.byURL[f.URL] = f
		set.Files = append(set.Files, f)
	}
	// Register every resource ($id) and anchor, then resolve every reference.
	var refs []pendingRef
	for _, f := range set.Files {
		u, _ := url.Parse(f.URL)
		set.resources[f.URL] = Location{File: f}
		if err := set.index(f, f.Raw, "", u, &refs); err != nil {
			return nil, err
		}
	}
	for _, r := range refs {
		target, err := set.resolve(r)
		if err != nil {
			return nil, err
		}
		set.refs[r.at.String()] = target
	}
	return set, nil
}

// draft2020 is the URI of the draft 2020-12 metaschema.
const draft2020 = "https://json-schema.org/draft/2020-12/schema"

var (
	metaOnce   sync.Once
	metaSchema *jsonschema.Schema
	metaErr    error
)

// metaschema compiles the draft 2020-12 metaschema (embedded in the jsonschema module) once.
func metaschema() (*jsonschema.Schema, error) {
	metaOnce.Do(func() {
		c := jsonschema.NewCompiler()
		metaSchema, metaErr = c.Compile(draft2020)
	})
	return metaSchema, metaErr
}

// metaError names the place of the deepest metaschema violation.
func metaError(f *File, err error) error {
	reason := "does not conform to the draft 2020-12 metaschema"
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return &Error{File: f.Display, Reason: reason + ": " + err.Error()}
	}
	leaf := ve
	for len(leaf.Causes) > 0 {
		leaf = leaf.Causes[0]
	}
	ptr := ""
	if len(leaf.InstanceLocation) > 0 {
		ptr = "/" + strings.Join(escapeAll(leaf.InstanceLocation), "/")
	}
	return &Error{File: f.Display, Pointer: ptr, Reason: reason + ": " + leaf.ErrorKind.LocalizedString(message.NewPrinter(language.English))}
}

type pendingRef struct {
	at   Location // the schema object holding "$ref"
	ref  string
	base *url.URL
}

// Keywords whose value is a schema, a map of schemas, or an array of schemas: the places the
// index walk descends into. Anything else is data (enum, const, examples …) and is not walked.
var (
	schemaKeywords = map[string]bool{"additionalProperties": true, "items": true, "not": true,
		"if": true, "then": true, "else": true, "propertyNames": true, "contains": true,
		"unevaluatedProperties": true, "unevaluatedItems": true, "contentSchema": true}
	schemaMapKeywords   = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "dependentSchemas": true, "definitions": true}
	schemaArrayKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// index walks the schema at v (pointer ptr in f) under base URI base, registering embedded
// resources and anchors and collecting references.
func (s *Set) index(f *File, v *ojson.Value, ptr string, base *url.URL, refs *[]pendingRef) error {
	if v.Kind != ojson.Object {
		return nil
	}
	loc := Location{File: f, Pointer: ptr}
	if ms, ok := v.Get("$schema"); ok && ms.Kind == ojson.String && strings.TrimSuffix(ms.Str, "#") != draft2020 {
		return &Error{File: f.Display, Pointer: ptr + "/$schema", Reason: fmt.Sprintf("$schema %q: skillgen reads draft 2020-12 schemas (%s) only", ms.Str, draft2020)}
	}
	if id, ok := v.Get("$id"); ok && id.Kind == ojson.String && ptr != "" {
		u, err := url.Parse(id.Str)
		if err != nil {
			return &Error{File: f.Display, Pointer: ptr + "/$id", Reason: "invalid $id: " + err.Error()}
		}
		base = base.ResolveReference(u)
		base.Fragment, base.RawFragment = "", ""
		key := base.String()
		if prev, dup := s.resources[key]; dup && prev != loc {
			return &Error{File: f.Display, Pointer: ptr + "/$id", Reason: fmt.Sprintf("$id %q is also the $id of %s", key, s.Display(prev))}
		}
		s.resources[key] = loc
	}
	if a, ok := v.Get("$anchor"); ok && a.Kind == ojson.String {
		s.resources[base.String()+"#"+a.Str] = loc
	}
	if r, ok := v.Get("$ref"); ok && r.Kind == ojson.String {
		*refs = append(*refs, pendingRef{at: loc, ref: r.Str, base: base})
	}
	for _, m := range v.Members {
		p := ptr + "/" + ojson.EscapeToken(m.Key)
		switch {
		case schemaKeywords[m.Key]:
			if err := s.index(f, m.Value, p, base, refs); err != nil {
				return err
			}
		case schemaMapKeywords[m.Key] && m.Value.Kind == ojson.Object:
			for _, e := range m.Value.Members {
				if err := s.index(f, e.Value, p+"/"+ojson.EscapeToken(e.Key), base, refs); err != nil {
					return err
				}
			}
		case schemaArrayKeywords[m.Key] && m.Value.Kind == ojson.Array:
			for i, e := range m.Value.Arr {
				if err := s.index(f, e, p+"/"+strconv.Itoa(i), base, refs); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// resolve finds the location a reference points at.
func (s *Set) resolve(r pendingRef) (Location, error) {
	fail := func(reason string) (Location, error) {
		return Location{}, &Error{File: r.at.File.Display, Pointer: r.at.Pointer + "/$ref", Reason: reason}
	}
	u, err := url.Parse(r.ref)
	if err != nil {
		return fail(fmt.Sprintf("invalid reference %q: %v", r.ref, err))
	}
	abs := r.base.ResolveReference(u)
	frag := abs.Fragment
	rawFrag := abs.EscapedFragment()
	abs.Fragment, abs.RawFragment = "", ""
	doc := abs.String()
	res, ok := s.resources[doc]
	if !ok {
		switch {
		case strings.HasPrefix(doc, rootURL):
			return fail(fmt.Sprintf("reference %q: no schema file %s in the schema root", r.ref, strings.TrimPrefix(doc, rootURL)))
		case abs.Scheme == "file":
			return fail(fmt.Sprintf("reference %q leaves the schema root", r.ref))
		case abs.Scheme == "http" || abs.Scheme == "https":
			if doc == r.ref {
				return fail(fmt.Sprintf("remote reference %s is not the $id of any loaded schema; skillgen never fetches", doc))
			}
			return fail(fmt.Sprintf("remote reference %q resolves to %s, which is not the $id of any loaded schema; skillgen never fetches", r.ref, doc))
		}
		return fail(fmt.Sprintf("reference %q cannot be resolved offline", r.ref))
	}
	if frag == "" {
		return res, nil
	}
	if !strings.HasPrefix(frag, "/") {
		if a, ok := s.resources[doc+"#"+frag]; ok {
			return a, nil
		}
		return fail(fmt.Sprintf("reference %q: no $anchor %q in %s", r.ref, frag, doc))
	}
	ptr, err := url.PathUnescape(rawFrag)
	if err != nil {
		ptr = frag
	}
	target := Location{File: res.File, Pointer: res.Pointer + ptr}
	if _, ok := target.Raw(); !ok {
		return fail(fmt.Sprintf("reference %q points at nothing (no %s in %s)", r.ref, target.Pointer, res.File.Display))
	}
	return target, nil
}

// Location is a place in a loaded file.
type Location struct {
	File    *File
	Pointer string
}

func (l Location) String() string { return l.File.Path + "#" + l.Pointer }

// Raw returns the raw JSON at l.
func (l Location) Raw() (*ojson.Value, bool) { return l.File.Raw.At(l.Pointer) }

// RefTarget returns the location a "$ref" at loc resolves to.
func (s *Set) RefTarget(loc Location) (Location, error) {
	t, ok := s.refs[loc.String()]
	if !ok {
		return Location{}, &Error{File: loc.File.Display, Pointer: loc.Pointer + "/$ref", Reason: "$ref is not a string"}
	}
	return t, nil
}

// Display names a location for messages.
func (s *Set) Display(loc Location) string { return loc.File.Display + "#" + loc.Pointer }

func escapeAll(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = ojson.EscapeToken(t)
	}
	return out
}
