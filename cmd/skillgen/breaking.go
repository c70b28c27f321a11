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
	"github.com/skillgen/skillgen/generator/breaking"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

// breakingConfig is the command line of skillgen breaking.
type breakingConfig struct {
	opts           generator.Options // -schema, -draft, -ref-map, -strict, -allow-unsupported
	against        string
	mode, format   string
	budget         int
	seed           uint64
	allowUndecided bool
}

func (c *breakingConfig) bind(fl *flag.FlagSet) {
	fl.StringVar(&c.against, "against", "", "the older version: a schema file or folder, a git revision (origin/main: the -schema path at that revision, read with git show), or REV:PATH")
	fl.StringVar(&c.opts.SchemaPath, "schema", "", "the newer version: a schema file or folder (default: the embedded canonical schema, which is this repository's schema folder)")
	fl.StringVar(&c.mode, "mode", "BACKWARD", "the compatibility that sets the exit status: BACKWARD (new consumers read old documents), FORWARD (old consumers read new documents) or FULL (both)")
	fl.StringVar(&c.format, "format", "text", "output: text, json, or github (workflow commands that annotate the changed lines)")
	fl.IntVar(&c.budget, "budget", 200, "documents drawn for each direction of a change the rules cannot decide")
	fl.Uint64Var(&c.seed, "seed", 1, "seed of the documents drawn (the same seed gives the same report)")
	fl.BoolVar(&c.allowUndecided, "allow-undecided", false, "exit 0 when the only changes the mode checks that are not proved compatible are undecided")
	fl.BoolVar(&c.opts.AllowUnsupported, "allow-unsupported", false, "warn about misspelt assertion keywords instead of refusing the schema")
	draftFlags(fl, &c.opts)
}

func (c *breakingConfig) validate(fl *flag.FlagSet) error {
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (every input is a flag; skillgen breaking -help lists them)", fl.Arg(0))
	}
	if c.against == "" {
		return errors.New("-against is required: the older version (a path, or a git revision such as origin/main)")
	}
	if _, err := breaking.ParseMode(c.mode); err != nil {
		return fmt.Errorf("-mode %q: %v", c.mode, err)
	}
	switch c.format {
	case "text", "json", "github":
	default:
		return fmt.Errorf("-format %q: want text, json or github", c.format)
	}
	if c.budget < 1 || c.budget > 100000 {
		return fmt.Errorf("-budget %d: want 1 to 100000", c.budget)
	}
	if c.opts.Draft != "" {
		if err := checkDraft(c.opts.Draft); err != nil {
			return fmt.Errorf("-draft %q: %v", c.opts.Draft, err)
		}
	}
	return nil
}

// runBreaking is skillgen breaking: exit 0 when the versions are compatible in the mode, 1 when
// they are not (or a change is undecided, unless -allow-undecided), 2 on a usage error or when
// a version cannot be read (no verdict).
func runBreaking(args []string, stdout, stderr io.Writer) int {
	c := &breakingConfig{}
	fl := flag.NewFlagSet("skillgen breaking", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	c.bind(fl)
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: skillgen breaking -against OLD [flags]")
			fl.SetOutput(stdout)
			fl.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "skillgen breaking: %v (skillgen breaking -help lists the flags)\n", err)
		return 2
	}
	if err := c.validate(fl); err != nil {
		fmt.Fprintf(stderr, "skillgen breaking: %v\n", err)
		return 2
	}
	mode, _ := breaking.ParseMode(c.mode)
	opts := breaking.Options{AllowUnsupported: c.opts.AllowUnsupported, Strict: c.opts.Strict, Budget: c.budget, Seed: c.seed}
	if c.opts.Draft != "" {
		opts.Draft, _ = normalize.ParseDraft(c.opts.Draft)
	}
	var refMaps []load.RefMap
	for _, m := range c.opts.RefMaps {
		refMaps = append(refMaps, load.RefMap{Prefix: m.Prefix, FS: os.DirFS(m.Dir), Display: filepath.ToSlash(m.Dir)})
	}
	var err error
	if c.opts.SchemaPath == "" {
		opts.New = breaking.Embedded()
	} else if opts.New, err = breaking.FromPath(c.opts.SchemaPath); err != nil {
		fmt.Fprintf(stderr, "skillgen breaking: -schema: %v\n", err)
		return 2
	}
	if opts.Old, err = against(c.against, c.opts.SchemaPath); err != nil {
		fmt.Fprintf(stderr, "skillgen breaking: -against: %v\n", err)
		return 2
	}
	opts.Old.RefMaps, opts.New.RefMaps = refMaps, refMaps
	r, err := breaking.Compare(opts)
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(stderr, "skillgen breaking: %s\n", line)
		}
		return 2
	}
	switch c.format {
	case "json":
		stdout.Write(breaking.JSON(r))
	case "github":
		breaking.GitHub(stdout, r, mode)
	default:
		fmt.Fprint(stdout, breaking.Text(r))
	}
	switch r.Verdict(mode) {
	case breaking.Compatible:
		return 0
	case breaking.Undecided:
		if c.allowUndecided {
			return 0
		}
	}
	return 1
}

// against reads the older version: a file or folder on disk, REV:PATH, or a git revision of
// the -schema path (the canonical schema's folder, schema, when -schema is not given).
func against(v, schemaPath string) (breaking.Source, error) {
	if _, err := os.Stat(v); err == nil {
		return breaking.FromPath(v)
	}
	p := schemaPath
	if p == "" {
		p = "schema"
	}
	if rev, rest, ok := strings.Cut(v, ":"); ok && rev != "" && rest != "" {
		if src, err := breaking.FromGit(".", rev, rest); err == nil {
			return src, nil
		}
	}
	return breaking.FromGit(".", v, p)
}
