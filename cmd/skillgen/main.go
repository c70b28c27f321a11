// Command skillgen generates Go and TypeScript types, validators, codecs and protocol
// behaviour from a JSON Schema (draft-04, -06, -07, 2019-09 or 2020-12).
//
// With no flags it regenerates this repository's gen/ from the canonical schema embedded in the
// binary. A downstream module uses it from a //go:generate line:
//
//	//go:generate go run github.com/skillgen/skillgen/cmd/skillgen@latest -go-out . -go-package skill -ts-out ""
//
// Flags:
//
//	-schema PATH        a schema file or folder (default: the embedded canonical schema)
//	-go-out DIR         Go output folder ("" skips Go; default gen/go)
//	-go-package NAME    Go package name (default skill)
//	-go-import PATH     import path of the Go output, for the arbitraries package ("" skips it)
//	-ts-out DIR         TypeScript output folder ("" skips TypeScript; default gen/ts)
//	-ts-package NAME    npm package name
//	-check              write nothing; print a unified diff of every stale or missing file and
//	                    exit 1 when anything differs
//	-allow-unsupported  warn about unsupported keywords instead of refusing the schema
//	-draft DRAFT        the draft of schema files without $schema: draft-04, draft-06,
//	                    draft-07, 2019-09 or 2020-12 (default 2020-12)
//	-ref-map URL=DIR    answer references whose URL starts with URL from the files below DIR
//	                    (repeatable; nothing is ever fetched)
//	-strict             make every schema warning (an unknown keyword, an ignored one) an error
//
// Exit status: 0 on success, 1 when generation fails or -check finds stale output, 2 on usage
// errors.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/udiff"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const defaultImport = "github.com/skillgen/skillgen/gen/go"

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("skillgen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	opts := generator.Options{}
	fl.StringVar(&opts.SchemaPath, "schema", "", "schema file or folder (default: the embedded canonical schema)")
	fl.StringVar(&opts.GoOut, "go-out", "gen/go", "Go output folder (empty skips Go)")
	fl.StringVar(&opts.GoPackage, "go-package", "skill", "Go package name")
	goImport := fl.String("go-import", "", "import path of the Go output, for the arbitraries package (default: this repository's when -go-out is gen/go; empty skips the arbitraries)")
	fl.StringVar(&opts.TSOut, "ts-out", "gen/ts", "TypeScript output folder (empty skips TypeScript)")
	fl.StringVar(&opts.TSPackage, "ts-package", "@skillgen/skill-protocol", "npm package name")
	check := fl.Bool("check", false, "write nothing; print a diff of stale or missing files and exit 1 if any")
	fl.BoolVar(&opts.AllowUnsupported, "allow-unsupported", false, "warn about unsupported keywords instead of refusing the schema")
	draftFlags(fl, &opts)
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: skillgen [-schema PATH] [-go-out DIR] [-go-package NAME] [-go-import PATH] [-ts-out DIR] [-ts-package NAME] [-check] [-allow-unsupported] [-draft DRAFT] [-ref-map URL_PREFIX=DIR] [-strict]")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if err := checkDraftFlags(opts); err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 2
	}
	if fl.NArg() > 0 {
		fmt.Fprintf(stderr, "skillgen: unexpected argument %q\n", fl.Arg(0))
		fl.Usage()
		return 2
	}
	opts.GoImportPath = *goImport
	explicitImport := false
	fl.Visit(func(f *flag.Flag) {
		if f.Name == "go-import" {
			explicitImport = true
		}
	})
	if !explicitImport && filepath.ToSlash(filepath.Clean(opts.GoOut)) == "gen/go" {
		opts.GoImportPath = defaultImport
	}
	if opts.GoOut == "" && opts.TSOut == "" {
		fmt.Fprintln(stderr, "skillgen: both -go-out and -ts-out are empty: nothing to generate")
		return 2
	}
	opts.Warn = func(err error) { fmt.Fprintf(stderr, "skillgen: warning: %v\n", err) }
	outs, err := generator.Generate(opts)
	if err != nil {
		// Every schema error, one per line.
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "skillgen: %s\n", line)
		}
		return 1
	}
	changed, orphans, err := generator.Stale(outs, []string{opts.GoOut, opts.TSOut})
	if err != nil {
		fmt.Fprintf(stderr, "skillgen: %v\n", err)
		return 1
	}
	if *check {
		for _, o := range changed {
			cur, _ := os.ReadFile(filepath.FromSlash(o.Path))
			fmt.Fprint(stdout, udiff.Diff("a/"+o.Path, "b/"+o.Path, cur, o.Data))
		}
		for _, p := range orphans {
			cur, _ := os.ReadFile(p)
			fmt.Fprint(stdout, udiff.Diff("a/"+filepath.ToSlash(p), "/dev/null", cur, nil))
		}
		if len(changed)+len(orphans) > 0 {
			fmt.Fprintf(stderr, "skillgen: %d file(s) stale or missing, %d no longer generated; run skillgen to update\n", len(changed), len(orphans))
			return 1
		}
		return 0
	}
	for _, o := range changed {
		p := filepath.FromSlash(o.Path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintf(stderr, "skillgen: %v\n", err)
			return 1
		}
		if err := os.WriteFile(p, o.Data, 0o644); err != nil {
			fmt.Fprintf(stderr, "skillgen: %v\n", err)
			return 1
		}
	}
	for _, p := range orphans {
		if err := os.Remove(p); err != nil {
			fmt.Fprintf(stderr, "skillgen: %v\n", err)
			return 1
		}
	}
	return 0
}
