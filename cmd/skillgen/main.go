// Command skillgen generates Go and TypeScript types, validators, codecs and protocol
// behaviour from a JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12).
//
// Its settings come from flags and from a configuration file: skillgen.yaml, skillgen.yml or
// skillgen.json in the current folder (not its parents), or the file given with -config. A flag
// given on the command line wins over the file; the file's paths are relative to its folder; the
// file is checked against config/skillgen.schema.json, each mistake named by file, line and JSON
// Pointer (docs/config.md). This repository's settings are in its skillgen.yaml.
//
// Without either, the defaults suit a downstream //go:generate line: Go into the current folder,
// in the package of the Go files already there (else one named after the folder), no TypeScript
// unless -ts-out asks for it (-ts-out alone: TypeScript only), and with no -schema the canonical
// schema of the skill-sharing protocol, embedded in the binary. A downstream module records skillgen as a tool:
//
//	go get -tool github.com/skillgen/skillgen/cmd/skillgen@<version>
//
//	//go:generate go tool skillgen -schema ../schema/drawing.json
//
// (the go tool route: the module's go.mod pins the version and go.sum its dependencies, and a
// replace directive works, which go run pkg@version does not allow).
//
// Flags (the configuration file's key in brackets):
//
//	-config FILE        the configuration file ("" reads none; default: skillgen.yaml,
//	                    skillgen.yml or skillgen.json in the current folder)
//	-schema PATH        a schema file or folder [schema] (default: the embedded canonical schema)
//	-go-out DIR         Go output folder [go.out] ("" skips Go; default: the current folder
//	                    when neither a configuration file nor -ts-out names an output)
//	-go-package NAME    Go package name [go.package] (default: the package of the Go files in
//	                    DIR, else DIR's name made a Go identifier)
//	-go-import PATH     import path of the Go output, for the arbitraries package in DIR/arbitrary
//	                    [go.import] (default: derived from the nearest go.mod; "" skips the
//	                    arbitraries)
//	-arbitraries        also write the arbitraries (Go DIR/arbitrary, TypeScript
//	                    src/arbitraries.ts); default on for the embedded canonical schema only
//	-go-arbitraries     the same for Go only [go.arbitraries]
//	-ts-arbitraries     the same for TypeScript only [ts.arbitraries]
//	-ts-out DIR         TypeScript output folder [ts.out] (default: none)
//	-ts-package NAME    npm package name [ts.package] (default: DIR's name made an npm name)
//	-ts-version V       npm package version, semver [ts.version] (default 0.0.0)
//	-ts-license SPDX    npm package licence, an SPDX expression [ts.license] (default MIT)
//	-check              write nothing; print a unified diff of every stale, missing or
//	                    orphaned (no longer generated) file and exit 1 when there is one
//	-v                  say what was written: every file written or removed, and the counts
//	-allow-unsupported  warn about unsupported keywords instead of refusing the schema
//	                    [allow-unsupported]
//	-assert-format      assert "format" in every draft; =false: in none [assert-format]
//	-draft DRAFT        the draft of schema files without $schema: draft-04, draft-06,
//	                    draft-07, 2019-09 or 2020-12 [draft] (default 2020-12)
//	-ref-map URL=DIR    answer references whose URL starts with URL from the files below DIR
//	                    (repeatable; nothing is ever fetched) [ref-maps]
//	-strict             make every schema warning (an unknown keyword, an ignored one) an error
//	                    [strict]
//	-override LOC={…}   add keywords (x-go-type, x-go-type-import, x-go-name, tsType,
//	                    x-enum-varnames, tsEnumNames) to the schema at LOC, a schema file and a
//	                    JSON Pointer such as schema/pet.json#/$defs/Pet (repeatable) [overrides]
//
// skillgen writes over and removes only its own files (see docs/generated-go.md): any other
// file where it must write is an error naming the file, and then nothing is written. A run is
// a transaction: one stopped anywhere (an error, a full disk, a signal) leaves files the next
// run owns, and a second run into the same folders waits until the first is done.
//
// Exit status: 0 on success, 1 when generation fails, a file is in the way, or -check finds
// stale output, 2 on usage errors (a bad flag value or configuration file, checked before any
// work).
//
// skillgen breaking -against OLD compares the schema (-schema, or the canonical one) with an
// older version of it (a path, or a git revision such as origin/main) and reports, for every
// named type, the BACKWARD- and FORWARD-incompatible changes with a witness document each, and
// the changes of the generated API that break callers; -mode BACKWARD|FORWARD|FULL sets the
// exit status (0 compatible, 1 incompatible, 2 usage). See docs/breaking.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/udiff"
	cfgfile "github.com/skillgen/skillgen/internal/config"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line: the generator's options and the command's own switches.
type config struct {
	generator.Options
	check, verbose bool
	// configPath is -config; file is the configuration file it names, or the one found in the
	// current folder (nil: none).
	configPath string
	file       *cfgfile.File
	// arbitraries is -arbitraries; goArbitraries and tsArbitraries are what each language gets.
	arbitraries, goArbitraries, tsArbitraries bool
	overrides                                 []cfgfile.Override
	set                                       map[string]bool // the flags given on the command line
}

// bind declares every flag; a new flag is one line here (and one in checks if its value needs
// checking, one in merge if the configuration file sets it).
func (c *config) bind(fl *flag.FlagSet) {
	fl.StringVar(&c.configPath, "config", "", "configuration `file` (default: skillgen.yaml, skillgen.yml or skillgen.json in the current folder; -config \"\" reads none); flags given win over it")
	fl.StringVar(&c.SchemaPath, "schema", "", "schema file or folder (default: the embedded canonical schema)")
	fl.StringVar(&c.GoOut, "go-out", "", "Go output folder (empty skips Go; default: the configuration file's go.out, else the current folder unless -ts-out is given)")
	fl.StringVar(&c.GoPackage, "go-package", "", "Go package name (default: the package of the Go files already in the output folder, else the folder's name)")
	fl.StringVar(&c.GoImportPath, "go-import", "", "import path of the Go output, for the arbitraries package in DIR/arbitrary (default: derived from the nearest go.mod; empty skips the arbitraries)")
	fl.StringVar(&c.TSOut, "ts-out", "", "TypeScript output folder, an npm package (default: none, no TypeScript)")
	fl.StringVar(&c.TSPackage, "ts-package", "", "npm package name (default: the output folder's name, made a valid npm name)")
	fl.StringVar(&c.TSVersion, "ts-version", "0.0.0", "npm package version (semver)")
	fl.StringVar(&c.TSLicense, "ts-license", "MIT", "npm package licence, an SPDX expression such as MIT or Apache-2.0, or UNLICENSED (a LICENSE file is written for MIT only)")
	fl.BoolVar(&c.arbitraries, "arbitraries", false, "also write the property-test arbitraries: DIR/arbitrary (Go, rapid) and src/arbitraries.ts (fast-check) (default: on for the embedded canonical schema only)")
	fl.BoolVar(&c.goArbitraries, "go-arbitraries", false, "-arbitraries for Go only")
	fl.BoolVar(&c.tsArbitraries, "ts-arbitraries", false, "-arbitraries for TypeScript only")
	fl.BoolVar(&c.check, "check", false, "write nothing; print a unified diff of every stale, missing or orphaned (no longer generated) file, and exit 1 if there is one")
	fl.BoolVar(&c.verbose, "v", false, "say what was written: every file written or removed, and the counts")
	fl.BoolVar(&c.AllowUnsupported, "allow-unsupported", false, "warn about misspelt assertion keywords instead of refusing the schema")
	fl.Var(formatFlag{&c.Format}, "assert-format", "the validators assert \"format\" (date-time, email, uri …: docs/formats.md) in every draft; =false: in none (default: in draft-04, -06 and -07, as their validators do, and where a metaschema's vocabularies ask for it)")
	fl.Func("override", "`LOCATION={\"keyword\": value, …}`: add keywords (x-go-type, x-go-type-import, x-go-name, tsType, x-enum-varnames, tsEnumNames) to the schema at LOCATION, a schema file and a JSON Pointer such as schema/pet.json#/$defs/Pet (repeatable; docs/config.md)", func(v string) error {
		o, err := cfgfile.ParseOverrideFlag(v)
		if err != nil {
			return err
		}
		c.overrides = append(c.overrides, o)
		return nil
	})
	fl.Func("map-formats", "formats whose strings the generated Go holds in a standard-library type, separated by commas, or all: date-time (time.Time); docs/overrides.md", func(s string) (err error) { c.MapFormats, err = generator.ParseMapFormats(s); return err })
	draftFlags(fl, &c.Options)
}

// readConfig reads the configuration file named by -config, or the one in the current folder.
func (c *config) readConfig() error {
	path := c.configPath
	if !c.set["config"] {
		p, err := cfgfile.Find(".")
		if err != nil {
			return err
		}
		path = p
	}
	if path == "" {
		return nil
	}
	f, err := cfgfile.Read(path)
	if err != nil {
		return err
	}
	c.file = f
	return nil
}

// merge takes every setting of the configuration file whose flag was not given; a language the
// file does not name is not generated unless its -…-out flag is given.
func (c *config) merge() {
	f := c.file
	str := func(flag string, dst, v *string) {
		if v != nil && !c.set[flag] {
			*dst = *v
		}
	}
	path := func(flag string, dst, v *string) {
		if v != nil && !c.set[flag] {
			*dst = f.Resolve(*v)
		}
	}
	boolean := func(flag string, dst, v *bool) {
		if v != nil && !c.set[flag] {
			*dst = *v
		}
	}
	path("schema", &c.SchemaPath, f.Schema)
	if f.Draft != nil && !c.set["draft"] {
		c.Draft = string(*f.Draft)
	}
	if !c.set["ref-map"] {
		for _, m := range f.RefMaps {
			c.RefMaps = append(c.RefMaps, generator.RefMap{Prefix: m.Prefix, Dir: f.Resolve(m.Dir)})
		}
	}
	boolean("allow-unsupported", &c.AllowUnsupported, f.AllowUnsupported)
	boolean("strict", &c.Strict, f.Strict)
	if f.AssertFormat != nil && !c.set["assert-format"] {
		formatFlag{&c.Format}.Set(strconv.FormatBool(*f.AssertFormat))
	}
	if list, ok := f.MapFormatList(); ok && !c.set["map-formats"] {
		// Checked when the file was read (each name at its pointer).
		c.MapFormats, _ = generator.ParseMapFormats(list)
	}
	if g := f.Go; g != nil {
		path("go-out", &c.GoOut, &g.Out)
		str("go-package", &c.GoPackage, g.Package)
		str("go-import", &c.GoImportPath, g.Import)
		if !c.set["arbitraries"] {
			boolean("go-arbitraries", &c.goArbitraries, g.Arbitraries)
		}
	}
	if t := f.Ts; t != nil {
		path("ts-out", &c.TSOut, &t.Out)
		str("ts-package", &c.TSPackage, t.Package)
		str("ts-version", &c.TSVersion, t.Version)
		str("ts-license", &c.TSLicense, t.License)
		if !c.set["arbitraries"] {
			boolean("ts-arbitraries", &c.tsArbitraries, t.Arbitraries)
		}
	}
	// An override given with -override replaces the file's at the same location.
	given := map[string]bool{}
	for _, o := range c.overrides {
		given[o.Location] = true
	}
	for _, o := range f.Overrides {
		if !given[o.Location] {
			c.overrides = append(c.overrides, o)
		}
	}
}

// defaults fills in what neither the flags nor the configuration file set: Go into the
// current folder (when no output is named), the package names from the output folders, and
// the arbitraries for the embedded canonical schema.
func (c *config) defaults() error {
	if c.file == nil && !c.set["go-out"] && !c.set["ts-out"] {
		// Outputs are the ones named; with none named, Go into the current folder.
		c.GoOut = "."
	}
	if c.GoOut != "" && c.GoPackage == "" && !c.set["go-package"] {
		name, err := goPackageOf(c.GoOut)
		if err != nil {
			return err
		}
		c.GoPackage = name
	}
	if c.TSOut != "" && c.TSPackage == "" && !c.set["ts-package"] {
		c.TSPackage = npmPackageOf(c.TSOut)
	}
	arb := func(flag string, v *bool, fromFile bool) {
		switch {
		case c.set[flag], fromFile:
		case c.set["arbitraries"]:
			*v = c.arbitraries
		default:
			// The canonical schema's packages come with arbitraries.
			*v = c.SchemaPath == ""
		}
	}
	arb("go-arbitraries", &c.goArbitraries, c.file != nil && c.file.Go != nil && c.file.Go.Arbitraries != nil && !c.set["arbitraries"])
	arb("ts-arbitraries", &c.tsArbitraries, c.file != nil && c.file.Ts != nil && c.file.Ts.Arbitraries != nil && !c.set["arbitraries"])
	return nil
}

// checks lists the flag values checked before any work, each by its rule; a flag whose value
// needs a check is one line here.
func (c *config) checks() []struct {
	flag, value string
	check       func(string) error
} {
	goPackage := generator.CheckGoPackage
	if c.GoOut == "" && !c.set["go-package"] {
		goPackage = optional(goPackage)
	}
	tsPackage := generator.CheckNPMPackage
	if c.TSOut == "" && !c.set["ts-package"] {
		tsPackage = optional(tsPackage)
	}
	return []struct {
		flag, value string
		check       func(string) error
	}{
		{"go-package", c.GoPackage, goPackage},
		{"go-import", c.GoImportPath, optional(generator.CheckGoImportPath)},
		{"ts-package", c.TSPackage, tsPackage},
		{"ts-version", c.TSVersion, generator.CheckSemver},
		{"ts-license", c.TSLicense, generator.CheckLicense},
		{"draft", c.Draft, optional(checkDraft)},
	}
}

// optional accepts the empty value, which turns an output off, and checks any other.
func optional(check func(string) error) func(string) error {
	return func(v string) error {
		if v == "" {
			return nil
		}
		return check(v)
	}
}

// validate checks the command line as a whole; the error is one line.
func (c *config) validate() error {
	for _, v := range c.checks() {
		if err := v.check(v.value); err != nil {
			return fmt.Errorf("-%s %q: %v", v.flag, v.value, err)
		}
	}
	if c.GoOut == "" && c.TSOut == "" {
		if c.file != nil {
			return fmt.Errorf("nothing to generate: %s has neither go nor ts, and no -go-out or -ts-out was given", c.file.Path)
		}
		return errors.New("both -go-out and -ts-out are empty: nothing to generate")
	}
	return nil
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "breaking" {
		return runBreaking(args[1:], stdout, stderr)
	}
	c := &config{set: map[string]bool{}}
	fl := flag.NewFlagSet("skillgen", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	c.bind(fl)
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: skillgen [flags]\n       skillgen breaking -against OLD [flags]   (compare with an older schema: skillgen breaking -help)")
			fl.SetOutput(stdout)
			fl.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "skillgen: %v (skillgen -help lists the flags)\n", err)
		return 2
	}
	fl.Visit(func(f *flag.Flag) { c.set[f.Name] = true })
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "skillgen: unexpected argument %q (every input is a flag; skillgen -help lists them)\n", fl.Arg(0))
		return 2
	}
	if err := c.readConfig(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "skillgen: %s\n", line)
		}
		return 2
	}
	if c.file != nil {
		c.merge()
	}
	if err := c.defaults(); err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 2
	}
	if err := c.validate(); err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 2
	}
	warn := func(format string, a ...any) { fmt.Fprintf(stderr, "skillgen: warning: "+format+"\n", a...) }
	// The schema's warnings are printed once generation is done, those of one kind on one
	// line (every place with -v).
	var warnings []error
	c.Warn = func(err error) { warnings = append(warnings, err) }
	if err := c.deriveGoImport(warn); err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 1
	}

	outs, err := c.generate()
	for _, line := range generator.GroupWarnings(warnings, c.verbose) {
		warn("%s", line)
	}
	if err != nil {
		// Every schema error, one per line.
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "skillgen: %s\n", line)
		}
		return 1
	}
	if !c.check {
		// The plan is made and carried out under the lock, so that no other run changes the
		// folders in between.
		unlock, err := generator.LockOutputs(outs, func(dir, holder string) {
			who := "another skillgen run"
			if holder != "" {
				who += " (process " + holder + ")"
			}
			fmt.Fprintf(stderr, "skillgen: waiting: %s is writing into %s\n", who, dir)
		})
		if err != nil {
			fmt.Fprintf(stderr, "skillgen: %v\n", err)
			return 1
		}
		defer unlock()
	}
	plan, err := generator.MakePlan(outs)
	if err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 1
	}
	for _, k := range plan.Kept {
		warn("%s", k)
	}
	if len(plan.Conflicts) > 0 {
		for _, cf := range plan.Conflicts {
			fmt.Fprintf(stderr, "skillgen: %s\n", cf)
		}
		fmt.Fprintf(stderr, "skillgen: nothing written: %d file(s) in the way; move them, or generate into another folder\n", len(plan.Conflicts))
		return 1
	}
	if c.check {
		return checkReport(plan, stdout, stderr)
	}
	if err := plan.Apply(); err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 1
	}
	if c.verbose {
		for _, o := range plan.Write {
			fmt.Fprintf(stdout, "wrote %s\n", o.Path)
		}
		for _, r := range plan.Remove {
			fmt.Fprintf(stdout, "removed %s\n", r)
		}
		fmt.Fprintf(stdout, "skillgen: %d written, %d unchanged, %d removed\n", len(plan.Write), plan.Unchanged, len(plan.Remove))
	}
	return 0
}

// generate loads the schema, adds the overrides' keywords, builds it and renders the outputs
// (each language with its own arbitraries setting).
func (c *config) generate() ([]generator.Output, error) {
	set, err := generator.Load(c.Options)
	if set == nil {
		return nil, err
	}
	if err == nil && len(c.overrides) > 0 {
		if err := cfgfile.Apply(set, c.overrides); err != nil {
			return nil, err
		}
	}
	s, err := generator.BuildSet(set, c.Options)
	if err != nil {
		return nil, err
	}
	if c.GoOut == "" || c.TSOut == "" || c.goArbitraries == c.tsArbitraries {
		opts := c.Options
		opts.Arbitraries = c.goArbitraries && c.GoOut != "" || c.tsArbitraries && c.TSOut != ""
		return generator.Emit(s, opts)
	}
	var outs []generator.Output
	for _, lang := range []struct {
		goOut, tsOut string
		arbitraries  bool
	}{{c.GoOut, "", c.goArbitraries}, {"", c.TSOut, c.tsArbitraries}} {
		opts := c.Options
		opts.GoOut, opts.TSOut, opts.Arbitraries = lang.goOut, lang.tsOut, lang.arbitraries
		o, err := generator.Emit(s, opts)
		if err != nil {
			return nil, err
		}
		outs = append(outs, o...)
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].Path < outs[j].Path })
	return outs, nil
}

// deriveGoImport sets the import path of the Go output from the nearest go.mod, unless
// -go-import was given. Without a go.mod the arbitraries, which import the generated package,
// are skipped with a warning saying why.
func (c *config) deriveGoImport(warn func(string, ...any)) error {
	if c.set["go-import"] || c.GoImportPath != "" || c.GoOut == "" || !c.goArbitraries {
		return nil
	}
	arbitrary := filepath.Join(c.GoOut, "arbitrary")
	m, err := generator.FindGoModule(c.GoOut)
	if errors.Is(err, generator.ErrNoGoModule) {
		warn("%s skipped: it imports the generated package, whose import path comes from a go.mod, and there is none in %s or above; pass -go-import PATH to generate it", arbitrary, c.GoOut)
		return nil
	}
	if err != nil {
		return err
	}
	if err := generator.CheckGoImportPath(m.ImportPath); err != nil {
		warn("%s skipped: %s gives the Go output the import path %q, which Go cannot import (%v); pass -go-import PATH", arbitrary, m.File, m.ImportPath, err)
		return nil
	}
	c.GoImportPath = m.ImportPath
	if !slices.Contains(m.Requires, "pgregory.net/rapid") {
		warn("%s imports pgregory.net/rapid, which %s does not require: run go get pgregory.net/rapid", arbitrary, m.File)
	}
	return nil
}

// checkReport prints the diff of a plan (-check) and returns the exit status.
func checkReport(plan *generator.Plan, stdout, stderr io.Writer) int {
	for _, o := range plan.Write {
		cur, err := os.ReadFile(filepath.FromSlash(o.Path))
		from := "a/" + o.Path
		if err != nil {
			from = "/dev/null"
		}
		fmt.Fprint(stdout, udiff.Diff(from, "b/"+o.Path, cur, o.Data))
	}
	for _, p := range plan.Remove {
		cur, _ := os.ReadFile(filepath.FromSlash(p))
		fmt.Fprint(stdout, udiff.Diff("a/"+p, "/dev/null", cur, nil))
	}
	if len(plan.Write)+len(plan.Remove) == 0 {
		return 0
	}
	fmt.Fprintf(stderr, "skillgen: %d file(s) stale or missing, %d no longer generated; run go generate (or skillgen with the same flags) to update them\n", len(plan.Write), len(plan.Remove))
	return 1
}
