// Package load reads schema files, checks them against the draft 2020-12 metaschema, and
// resolves $ref across files, offline: an http(s) reference that no loaded file's $id answers
// is an error, never a fetch, and a file reference that leaves the schema root is an error.
package load

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"sort"
	"strconv"
	"strings"

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
	Files    []*File // sorted by Path
	byURL    map[string]*File
	compiler *jsonschema.Compiler
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
func FromDocs(docs map[string][]byte, displayName func(string) string) (*Set, error) {
	if displayName == nil {
		displayName = func(p string) string { return p }
	}
	paths := make([]string, 0, len(docs))
	for p := range docs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	set := &Set{byURL: map[string]*File{}}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(refusingLoader{set: set})
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
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(docs[p])))
		if err != nil {
			return nil, &Error{File: f.Display, Reason: "not valid JSON: " + err.Error()}
		}
		if err := c.AddResource(f.URL, doc); err != nil {
			return nil, &Error{File: f.Display, Reason: err.Error()}
		}
		set.byURL[f.URL] = f
		set.Files = append(set.Files, f)
	}
	for _, f := range set.Files {
		if _, err := c.Compile(f.URL); err != nil {
			return nil, set.translate(f, err)
		}
	}
	set.compiler = c
	return set, nil
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
	sch, err := s.compiler.Compile(loc.File.URL + "#" + loc.Pointer)
	if err != nil {
		return Location{}, s.translate(loc.File, err)
	}
	if sch.Ref == nil {
		return Location{}, &Error{File: loc.File.Display, Pointer: loc.Pointer, Reason: "$ref did not resolve"}
	}
	return s.locate(sch.Ref.Location)
}

func (s *Set) locate(loc string) (Location, error) {
	u, frag, _ := strings.Cut(loc, "#")
	f, ok := s.byURL[u]
	if !ok {
		return Location{}, &Error{Reason: fmt.Sprintf("reference to %s, which is not a loaded schema file", loc)}
	}
	ptr, err := url.PathUnescape(frag)
	if err != nil {
		ptr = frag
	}
	return Location{File: f, Pointer: ptr}, nil
}

// Display names a location for messages.
func (s *Set) Display(loc Location) string { return loc.File.Display + "#" + loc.Pointer }

// refusingLoader answers nothing: every document skillgen uses is loaded up front, so a
// request to load is a reference that leaves the schema set.
type refusingLoader struct{ set *Set }

func (l refusingLoader) Load(u string) (any, error) {
	switch {
	case strings.HasPrefix(u, rootURL):
		return nil, fmt.Errorf("no schema file %s in the schema root", strings.TrimPrefix(u, rootURL))
	case strings.HasPrefix(u, "file:"):
		return nil, fmt.Errorf("file reference %s leaves the schema root", u)
	case strings.HasPrefix(u, "http:"), strings.HasPrefix(u, "https:"):
		return nil, fmt.Errorf("remote reference %s is not the $id of any loaded schema file; skillgen never fetches", u)
	}
	return nil, fmt.Errorf("reference %s cannot be resolved offline", u)
}

// translate turns a jsonschema error into an Error naming the file and pointer.
func (s *Set) translate(f *File, err error) error {
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		loc, lerr := s.locate(sve.URL)
		var ve *jsonschema.ValidationError
		reason := "does not conform to the draft 2020-12 metaschema"
		if errors.As(sve.Err, &ve) {
			leaf := ve
			for len(leaf.Causes) > 0 {
				leaf = leaf.Causes[0]
			}
			ptr := "/" + strings.Join(escapeAll(leaf.InstanceLocation), "/")
			if len(leaf.InstanceLocation) == 0 {
				ptr = ""
			}
			reason += ": " + leaf.ErrorKind.LocalizedString(message.NewPrinter(language.English))
			if lerr == nil {
				return &Error{File: loc.File.Display, Pointer: loc.Pointer + ptr, Reason: reason}
			}
			return &Error{File: f.Display, Pointer: ptr, Reason: reason}
		}
		return &Error{File: f.Display, Reason: reason + ": " + sve.Err.Error()}
	}
	msg := err.Error()
	for _, g := range s.Files {
		msg = strings.ReplaceAll(msg, g.URL, g.Display)
	}
	msg = strings.ReplaceAll(msg, rootURL, "")
	var le *jsonschema.LoadURLError
	if errors.As(err, &le) {
		return &Error{File: f.Display, Pointer: refPointer(f, le.URL), Reason: msg}
	}
	return &Error{File: f.Display, Reason: msg}
}

// refPointer returns the pointer of the first "$ref" in f that resolves (against the file's URL)
// to the document target, or "" when none does.
func refPointer(f *File, target string) string {
	base, err := url.Parse(f.URL)
	if err != nil {
		return ""
	}
	var walk func(v *ojson.Value, ptr string) (string, bool)
	walk = func(v *ojson.Value, ptr string) (string, bool) {
		switch v.Kind {
		case ojson.Object:
			for _, m := range v.Members {
				p := ptr + "/" + ojson.EscapeToken(m.Key)
				if m.Key == "$ref" && m.Value.Kind == ojson.String {
					if u, err := url.Parse(m.Value.Str); err == nil {
						r := base.ResolveReference(u)
						r.Fragment = ""
						if r.String() == target {
							return p, true
						}
					}
				}
				if found, ok := walk(m.Value, p); ok {
					return found, true
				}
			}
		case ojson.Array:
			for i, e := range v.Arr {
				if found, ok := walk(e, ptr+"/"+strconv.Itoa(i)); ok {
					return found, true
				}
			}
		}
		return "", false
	}
	p, _ := walk(f.Raw, "")
	return p
}

func escapeAll(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = ojson.EscapeToken(t)
	}
	return out
}
