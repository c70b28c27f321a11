// Package generator is skillgen as a library: load a JSON Schema, build the IR, emit Go and
// TypeScript. cmd/skillgen is a thin command around Generate.
package generator

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/golang"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/typescript"
	"github.com/skillgen/skillgen/schema"
)

// Options configure a run. The zero value generates nothing; see cmd/skillgen for defaults.
type Options struct {
	// SchemaPath is a schema file or folder on disk; empty uses the canonical schema embedded in
	// the binary.
	SchemaPath string
	// GoOut and TSOut are the output folders; empty skips that output.
	GoOut string
	TSOut string
	// GoPackage is the generated Go package's name; GoImportPath its import path (needed for
	// the arbitraries package, which is skipped when it is empty).
	GoPackage    string
	GoImportPath string
	// Arbitraries asks for the arbitraries: the Go package DIR/arbitrary (rapid; it also needs
	// GoImportPath) and src/arbitraries.ts (fast-check).
	Arbitraries bool
	// TSPackage, TSVersion and TSLicense are the npm package's name, version and licence
	// (an SPDX expression; see typescript.Options for the defaults).
	TSPackage string
	TSVersion string
	TSLicense string
	// AllowUnsupported downgrades unsupported keywords to warnings.
	AllowUnsupported bool
	// Warn receives warnings.
	Warn func(error)

	// Draft is the draft of the schema files that do not declare one with $schema: a name
	// normalize.ParseDraft reads ("draft-07", "2019-09" …); empty means draft 2020-12.
	Draft string
	// RefMaps answer references by URL prefix from local folders (-ref-map); nothing is ever
	// fetched.
	RefMaps []RefMap
	// Strict makes every schema warning an error.
	Strict bool
	// Format says where the generated validators assert "format": by default in the schemas
	// of draft-04, -06 and -07 (build.FormatByDraft); -assert-format makes it everywhere,
	// -assert-format=false nowhere (docs/formats.md).
	Format build.FormatMode
	// MapFormats lists the formats whose strings the generated Go holds in a type of the
	// standard library: "date-time" (time.Time). ParseMapFormats reads the -map-formats
	// flag; docs/overrides.md says why the other formats are not mapped. TypeScript keeps
	// string.
	MapFormats []string
}

// RefMap answers a reference whose URL starts with Prefix with the file at the rest of the URL
// below the folder Dir.
type RefMap struct {
	Prefix string
	Dir    string
}

// ParseRefMap reads a -ref-map value, URL_PREFIX=DIR: an absolute http(s) URL prefix and an
// existing folder.
func ParseRefMap(s string) (RefMap, error) {
	prefix, dir, ok := strings.Cut(s, "=")
	if !ok || prefix == "" || dir == "" {
		return RefMap{}, fmt.Errorf("-ref-map %q: want URL_PREFIX=DIR", s)
	}
	u, err := url.Parse(prefix)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" {
		return RefMap{}, fmt.Errorf("-ref-map %q: %q is not an absolute URL prefix (such as https://example.com/schemas/)", s, prefix)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return RefMap{}, fmt.Errorf("-ref-map %q: %s is not a folder", s, dir)
	}
	return RefMap{Prefix: prefix, Dir: dir}, nil
}

// loadOptions turns the options about reading schemas into the loader's.
func (opts Options) loadOptions() (load.Options, error) {
	var lo load.Options
	if opts.Draft != "" {
		d, err := normalize.ParseDraft(opts.Draft)
		if err != nil {
			return lo, err
		}
		lo.Draft = d
	}
	for _, m := range opts.RefMaps {
		lo.RefMaps = append(lo.RefMaps, load.RefMap{Prefix: m.Prefix, FS: load.DirFS(m.Dir), Display: filepath.ToSlash(m.Dir)})
	}
	return lo, nil
}

// Output is one file to write: its output folder (as given in Options, with forward
// slashes), its path (joined with that folder) and its content.
type Output struct {
	Dir  string
	Path string
	Data []byte
}

// Load reads and checks the schema named by opts. When the schema has errors, the set is
// returned with them (BuildSet reports them with its own).
func Load(opts Options) (*load.Set, error) {
	lo, err := opts.loadOptions()
	if err != nil {
		return nil, err
	}
	if opts.SchemaPath == "" {
		return load.ReadFS(schema.FS, ".", "schema", lo)
	}
	abs, err := filepath.Abs(opts.SchemaPath)
	if err != nil {
		return nil, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, &load.Error{File: opts.SchemaPath, Reason: err.Error()}
	}
	if st.IsDir() {
		return load.ReadFS(load.DirFS(abs), ".", filepath.ToSlash(opts.SchemaPath), lo)
	}
	// A -schema file that is a symbolic link is read where it leads: the user named it, and its
	// folder is then the schema root.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return load.ReadFS(load.DirFS(filepath.Dir(abs)), filepath.Base(abs), filepath.ToSlash(opts.SchemaPath), lo)
}

// Build loads the schema and builds the IR, reporting every error of the schema at once.
func Build(opts Options) (*ir.Schema, error) {
	set, err := Load(opts)
	if set == nil {
		return nil, err
	}
	return BuildSet(set, opts)
}

// BuildSet builds the IR of an already loaded schema set (the set's errors are reported with
// the builder's).
func BuildSet(set *load.Set, opts Options) (*ir.Schema, error) {
	return build.Build(set, build.Options{AllowUnsupported: opts.AllowUnsupported, Strict: opts.Strict, Format: opts.Format, Warn: opts.Warn, MapFormats: opts.MapFormats})
}

// Generate returns every output file, sorted by path.
func Generate(opts Options) ([]Output, error) {
	s, err := Build(opts)
	if err != nil {
		return nil, err
	}
	return Emit(s, opts)
}

// Emit renders the outputs of an IR.
func Emit(s *ir.Schema, opts Options) ([]Output, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	var out []Output
	sources := "schema: " + strings.Join(s.Sources, ", ")
	if len(sources) > 200 {
		sources = fmt.Sprintf("schema: %d files", len(s.Sources))
	}
	// The two languages are emitted concurrently; each is deterministic on its own.
	var goFiles, tsFiles []ir.File
	var goErr, tsErr error
	var wg sync.WaitGroup
	if opts.GoOut != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			goFiles, goErr = golang.Emit(s, golang.Options{Package: opts.GoPackage, ImportPath: opts.GoImportPath, Arbitraries: opts.Arbitraries, Sources: sources})
		}()
	}
	if opts.TSOut != "" {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tsFiles, tsErr = typescript.Emit(s, typescript.Options{PackageName: opts.TSPackage, PackageVersion: opts.TSVersion, License: opts.TSLicense, Arbitraries: opts.Arbitraries})
		}()
	}
	wg.Wait()
	if goErr != nil {
		return nil, goErr
	}
	if tsErr != nil {
		return nil, tsErr
	}
	goDir, tsDir := path.Clean(filepath.ToSlash(opts.GoOut)), path.Clean(filepath.ToSlash(opts.TSOut))
	for _, f := range goFiles {
		out = append(out, Output{Dir: goDir, Path: path.Join(goDir, f.Path), Data: f.Data})
	}
	for _, f := range tsFiles {
		out = append(out, Output{Dir: tsDir, Path: path.Join(tsDir, f.Path), Data: f.Data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}
