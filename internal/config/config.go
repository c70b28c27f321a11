// Package config reads skillgen's configuration file (skillgen.yaml, skillgen.yml or
// skillgen.json; docs/config.md). The file is checked against its JSON Schema,
// config/skillgen.schema.json, with the types and validator skillgen generates from that schema
// (the package gen), so that every mistake is reported with the file, the line and the JSON
// Pointer of the value at fault.
package config

//go:generate go run ../../cmd/skillgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
	"github.com/skillgen/skillgen/internal/config/gen"
	"github.com/skillgen/skillgen/internal/errlist"
)

// Names are the file names Find looks for.
var Names = []string{"skillgen.yaml", "skillgen.yml", "skillgen.json"}

// Find returns the path of the configuration file in dir ("" when there is none). Only dir is
// searched, not its parents: a //go:generate line runs in its package's folder, and a
// configuration higher up (the repository's own) must not change what it generates. Two
// configuration files in one folder are an error.
func Find(dir string) (string, error) {
	var found []string
	for _, n := range Names {
		p := filepath.Join(dir, n)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 0:
		return "", nil
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("%s and %s are both configuration files: keep one, or pick one with -config", found[0], found[1])
}

// Error is a mistake in a configuration file: the file as named, the line (0 when unknown), the
// JSON Pointer of the value at fault and the reason.
type Error struct {
	File    string
	Line    int
	Pointer string
	Reason  string
}

func (e *Error) Error() string {
	file := e.File
	if e.Line > 0 {
		file += ":" + strconv.Itoa(e.Line)
	}
	if e.Pointer == "" {
		return file + ": " + e.Reason
	}
	return fmt.Sprintf("%s: #%s: %s", file, e.Pointer, e.Reason)
}

// Errors are every mistake found in one file, in the order of the file.
type Errors = errlist.List[*Error]

// maxErrors bounds the mistakes reported for one file (each is placed by a walk of the file).
const maxErrors = 20

// File is a configuration file read and checked.
type File struct {
	// Path is the file as named; Dir its folder, against which its relative paths are resolved.
	Path string
	Dir  string
	gen.Config
	// Overrides are the entries of overrides, in the order of their locations.
	Overrides []Override

	// line returns the line of a pointer in the file (0 when unknown).
	line func(ptr string) int
}

// Read reads and checks the configuration file at path.
func Read(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse checks a configuration file's content; display names it in messages and gives the
// folder its relative paths are resolved against.
func Parse(display string, data []byte) (*File, error) {
	f := &File{Path: display, Dir: filepath.Dir(display)}
	jsonData := data
	if isYAML(display) {
		var err error
		if jsonData, f.line, err = yamlToJSON(display, data); err != nil {
			return nil, err
		}
	} else {
		// The generated parser says where a syntax error is by offset; ojson says the line, and
		// refuses a key given twice (which would otherwise be a setting silently lost).
		if _, err := ojson.Parse(data); err != nil {
			return nil, &Error{File: display, Reason: "not valid JSON: " + err.Error()}
		}
		f.line = func(ptr string) int { return jsonLine(data, ptr) }
	}
	cfg, err := gen.ParseConfig(jsonData)
	if err != nil {
		var verrs gen.ValidationErrors
		if !errors.As(err, &verrs) {
			return nil, &Error{File: display, Reason: err.Error()}
		}
		var es Errors
		for i, v := range verrs {
			if i == maxErrors {
				es = append(es, &Error{File: display, Reason: fmt.Sprintf("and %d more mistakes", len(verrs)-maxErrors)})
				break
			}
			msg := v.Message
			if i := strings.LastIndexByte(v.Pointer, '/'); v.Keyword == "additionalProperties" && i >= 0 {
				k := strings.ReplaceAll(strings.ReplaceAll(v.Pointer[i+1:], "~1", "/"), "~0", "~")
				if s := suggest(v.Pointer[:i], k); s != "" {
					msg += ": " + s
				}
			}
			if v.Keyword == "propertyNames" && strings.HasPrefix(v.Pointer, "/overrides/") {
				msg += ": a location is a schema file, # and a JSON Pointer, such as schema/pet.json#/$defs/Pet"
			}
			es = append(es, f.errorf(v.Pointer, "%s", msg))
		}
		return nil, es
	}
	f.Config = cfg
	if es := f.check(); len(es) > 0 {
		return nil, es
	}
	return f, nil
}

// isYAML reports whether a configuration file is YAML, by its name.
func isYAML(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

func (f *File) errorf(ptr, format string, args ...any) *Error {
	// A missing member (a required one) is on the line of the nearest value that is there.
	line := 0
	for p := ptr; ; p = p[:strings.LastIndexByte(p, '/')] {
		if line = f.line(p); line > 0 || p == "" {
			break
		}
	}
	return &Error{File: f.Path, Line: line, Pointer: ptr, Reason: fmt.Sprintf(format, args...)}
}

// check applies the rules the schema does not say: the names and versions generator checks
// for the flags, and the ref-map folders, each naming the pointer of the value.
func (f *File) check() Errors {
	var es Errors
	add := func(ptr string, v *string, check func(string) error) {
		if v == nil {
			return
		}
		if err := check(*v); err != nil {
			es = append(es, f.errorf(ptr, "%q: %v", *v, err))
		}
	}
	if f.Draft != nil {
		d := string(*f.Draft)
		add("/draft", &d, func(s string) error { _, err := normalize.ParseDraft(s); return err })
	}
	for i, m := range f.RefMaps {
		ptr := "/ref-maps/" + strconv.Itoa(i)
		add(ptr+"/prefix", &m.Prefix, func(s string) error {
			u, err := url.Parse(s)
			if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" {
				return errors.New("not an absolute URL prefix (such as https://example.com/schemas/)")
			}
			return nil
		})
		add(ptr+"/dir", &m.Dir, func(s string) error {
			if st, err := os.Stat(f.Resolve(s)); err != nil || !st.IsDir() {
				return fmt.Errorf("%s is not a folder", f.Resolve(s))
			}
			return nil
		})
	}
	if m := f.MapFormats; m != nil {
		for i, name := range m.Array {
			add("/map-formats/"+strconv.Itoa(i), &name, generator.CheckMapFormat)
		}
	}
	if g := f.Go; g != nil {
		add("/go/package", g.Package, generator.CheckGoPackage)
		add("/go/import", g.Import, generator.CheckGoImportPath)
	}
	if t := f.Ts; t != nil {
		add("/ts/package", t.Package, generator.CheckNPMPackage)
		add("/ts/version", t.Version, generator.CheckSemver)
		add("/ts/license", t.License, generator.CheckLicense)
	}
	locs := make([]string, 0, len(f.Config.Overrides))
	for loc := range f.Config.Overrides {
		locs = append(locs, loc)
	}
	sort.Strings(locs)
	for _, loc := range locs {
		o, err := NewOverride(loc, f.Config.Overrides[loc])
		if err != nil {
			es = append(es, f.errorf("/overrides/"+ojson.EscapeToken(loc), "%v", err))
			continue
		}
		o.Base = f.Dir
		o.Source = f.errorf("/overrides/"+ojson.EscapeToken(loc), "")
		f.Overrides = append(f.Overrides, o)
	}
	return es
}

// MapFormatList returns map-formats as -map-formats takes it (names separated by commas, or
// all), and false when the file does not set it.
func (f *File) MapFormatList() (string, bool) {
	switch m := f.MapFormats; {
	case m == nil:
		return "", false
	case m.String != nil:
		return *m.String, true
	default:
		return strings.Join(m.Array, ","), true
	}
}

// Resolve returns a path of the file resolved against its folder (an absolute path as it is).
func (f *File) Resolve(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(f.Dir, filepath.FromSlash(p))
}

// jsonLine returns the line of the value at ptr in the JSON text data (0 when data does not
// hold it). The walk stops at the value, so its cost is bounded by the size of data.
func jsonLine(data []byte, ptr string) int {
	var toks []string
	if ptr != "" {
		for _, t := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
			toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~"))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// skip reads one value whose first token is tok.
	var skip func(tok json.Token) error
	skip = func(tok json.Token) error {
		if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
			for dec.More() {
				t, err := dec.Token()
				if err != nil {
					return err
				}
				if d == '{' {
					if t, err = dec.Token(); err != nil {
						return err
					}
				}
				if err := skip(t); err != nil {
					return err
				}
			}
			_, err := dec.Token()
			return err
		}
		return nil
	}
	start := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return 0
	}
	for _, want := range toks {
		d, ok := tok.(json.Delim)
		if !ok {
			return 0
		}
		found := false
		for i := 0; dec.More(); i++ {
			var t json.Token
			if d == '{' {
				k, err := dec.Token()
				if err != nil {
					return 0
				}
				start = dec.InputOffset()
				if t, err = dec.Token(); err != nil {
					return 0
				}
				if k == want {
					tok, found = t, true
					break
				}
			} else {
				start = dec.InputOffset()
				if t, err = dec.Token(); err != nil {
					return 0
				}
				if strconv.Itoa(i) == want {
					tok, found = t, true
					break
				}
			}
			if err := skip(t); err != nil {
				return 0
			}
		}
		if !found {
			return 0
		}
	}
	// start is where the value's token began to be read: skip the whitespace and ":" before it.
	off := int(start)
	for off < len(data) && strings.IndexByte(" \t\r\n:,", data[off]) >= 0 {
		off++
	}
	return 1 + bytes.Count(data[:off], []byte("\n"))
}
