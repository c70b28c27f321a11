// Command skillgen generates Go and TypeScript types, validators, codecs and protocol
// behaviour from a JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12).
//
// With no flags it regenerates this repository's gen/ from the canonical schema embedded in the
// binary. A downstream module records it as a tool and runs it from a //go:generate line:
//
//	go get -tool github.com/skillgen/skillgen/cmd/skillgen@<version>
//
//	//go:generate go tool skillgen -schema ../schema/drawing.json -go-out . -go-package drawing -ts-out ""
//
// (the go tool route: the module's go.mod pins the version and go.sum its dependencies, and a
// replace directive works, which go run pkg@version does not allow).
//
// Flags:
//
//	-schema PATH        a schema file or folder (default: the embedded canonical schema)
//	-go-out DIR         Go output folder ("" skips Go; default gen/go)
//	-go-package NAME    Go package name (default skill)
//	-go-import PATH     import path of the Go output, for the arbitraries package in DIR/arbitrary
//	                    (default: derived from the nearest go.mod; "" skips the arbitraries)
//	-arbitraries        also write the arbitraries (Go DIR/arbitrary, TypeScript
//	                    src/arbitraries.ts); default on for the embedded canonical schema only
//	-ts-out DIR         TypeScript output folder ("" skips TypeScript; default gen/ts)
//	-ts-package NAME    npm package name (default @skillgen/skill-protocol)
//	-ts-version V       npm package version, semver (default 0.0.0)
//	-ts-license SPDX    npm package licence, an SPDX expression (default MIT)
//	-check              write nothing; print a unified diff of every stale, missing or
//	                    orphaned (no longer generated) file and exit 1 when there is one
//	-v                  say what was written: every file written or removed, and the counts
//	-allow-unsupported  warn about unsupported keywords instead of refusing the schema
//	-draft DRAFT        the draft of schema files without $schema: draft-04, draft-06,
//	                    draft-07, 2019-09 or 2020-12 (default 2020-12)
//	-ref-map URL=DIR    answer references whose URL starts with URL from the files below DIR
//	                    (repeatable; nothing is ever fetched)
//	-strict             make every schema warning (an unknown keyword, an ignored one) an error
//
// skillgen writes over and removes only its own files (see docs/generated-go.md): any other
// file where it must write is an error naming the file, and then nothing is written. A run is
// a transaction: one stopped anywhere (an error, a full disk, a signal) leaves files the next
// run owns, and a second run into the same folders waits until the first is done.
//
// Exit status: 0 on success, 1 when generation fails, a file is in the way, or -check finds
// stale output, 2 on usage errors (a bad flag value, checked before any work).
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
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/udiff"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is the command line: the generator's options and the command's own switches.
type config struct {
	generator.Options
	check, verbose bool
	set            map[string]bool // the flags given on the command line
}

// bind declares every flag; a new flag is one line here (and one in checks if its value needs
// checking).
func (c *config) bind(fl *flag.FlagSet) {
	fl.StringVar(&c.SchemaPath, "schema", "", "schema file or folder (default: the embedded canonical schema)")
	fl.StringVar(&c.GoOut, "go-out", "gen/go", "Go output folder (empty skips Go)")
	fl.StringVar(&c.GoPackage, "go-package", "skill", "Go package name")
	fl.StringVar(&c.GoImportPath, "go-import", "", "import path of the Go output, for the arbitraries package in DIR/arbitrary (default: derived from the nearest go.mod; empty skips the arbitraries)")
	fl.StringVar(&c.TSOut, "ts-out", "gen/ts", "TypeScript output folder, an npm package (empty skips TypeScript)")
	fl.StringVar(&c.TSPackage, "ts-package", "@skillgen/skill-protocol", "npm package name")
	fl.StringVar(&c.TSVersion, "ts-version", "0.0.0", "npm package version (semver)")
	fl.StringVar(&c.TSLicense, "ts-license", "MIT", "npm package licence, an SPDX expression such as MIT or Apache-2.0, or UNLICENSED (a LICENSE file is written for MIT only)")
	fl.BoolVar(&c.Arbitraries, "arbitraries", false, "also write the property-test arbitraries: DIR/arbitrary (Go, rapid) and src/arbitraries.ts (fast-check) (default: on for the embedded canonical schema only)")
	fl.BoolVar(&c.check, "check", false, "write nothing; print a unified diff of every stale, missing or orphaned (no longer generated) file, and exit 1 if there is one")
	fl.BoolVar(&c.verbose, "v", false, "say what was written: every file written or removed, and the counts")
	fl.BoolVar(&c.AllowUnsupported, "allow-unsupported", false, "warn about misspelt assertion keywords instead of refusing the schema")
	fl.Var(formatFlag{&c.Format}, "assert-format", "the validators assert \"format\" (date-time, email, uri …: docs/formats.md) in every draft; =false: in none (default: in draft-04, -06 and -07, as their validators do, and where a metaschema's vocabularies ask for it)")
	fl.Func("map-formats", "formats whose strings the generated Go holds in a standard-library type, separated by commas, or all: date-time (time.Time); docs/overrides.md", func(s string) (err error) { c.MapFormats, err = generator.ParseMapFormats(s); return err })
	draftFlags(fl, &c.Options)
}

// checks lists the flag values checked before any work, each by its rule; a flag whose value
// needs a check is one line here.
func (c *config) checks() []struct {
	flag, value string
	check       func(string) error
} {
	return []struct {
		flag, value string
		check       func(string) error
	}{
		{"go-package", c.GoPackage, generator.CheckGoPackage},
		{"go-import", c.GoImportPath, optional(generator.CheckGoImportPath)},
		{"ts-package", c.TSPackage, generator.CheckNPMPackage},
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
func (c *config) validate(fl *flag.FlagSet) error {
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (every input is a flag; skillgen -help lists them)", fl.Arg(0))
	}
	for _, v := range c.checks() {
		if err := v.check(v.value); err != nil {
			return fmt.Errorf("-%s %q: %v", v.flag, v.value, err)
		}
	}
	if c.GoOut == "" && c.TSOut == "" {
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
	if !c.set["arbitraries"] {
		// The canonical schema's packages (this repository's gen/) come with arbitraries.
		c.Arbitraries = c.SchemaPath == ""
	}
	if err := c.validate(fl); err != nil {
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

	outs, err := generator.Generate(c.Options)
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

// deriveGoImport sets the import path of the Go output from the nearest go.mod, unless
// -go-import was given. Without a go.mod the arbitraries, which import the generated package,
// are skipped with a warning saying why.
func (c *config) deriveGoImport(warn func(string, ...any)) error {
	if c.set["go-import"] || c.GoOut == "" || !c.Arbitraries {
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
