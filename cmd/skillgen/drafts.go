package main

import (
	"errors"
	"flag"
	"strconv"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/normalize"
)

// draftFlags adds the flags about reading schemas of every draft: -draft, -ref-map (repeatable)
// and -strict.
func draftFlags(fl *flag.FlagSet, opts *generator.Options) {
	fl.StringVar(&opts.Draft, "draft", "", "draft of schema files without $schema: draft-04, draft-06, draft-07, 2019-09 or 2020-12 (default 2020-12)")
	fl.Func("ref-map", "`URL_PREFIX=DIR`: read references whose URL starts with URL_PREFIX from the file at the rest of the URL below DIR (repeatable; nothing is ever fetched)", func(v string) error {
		m, err := generator.ParseRefMap(v)
		if err != nil {
			return err
		}
		opts.RefMaps = append(opts.RefMaps, m)
		return nil
	})
	fl.BoolVar(&opts.Strict, "strict", false, "make every schema warning (an unknown keyword, an ignored one) an error")
}

// checkDraft checks a -draft value.
func checkDraft(v string) error {
	_, err := normalize.ParseDraft(v)
	return err
}

// formatFlag is -assert-format, a boolean flag with a third state, its default: not given,
// format is asserted as each draft's trusted validators assert it (build.FormatByDraft).
type formatFlag struct{ mode *build.FormatMode }

func (f formatFlag) IsBoolFlag() bool { return true }

func (f formatFlag) String() string {
	if f.mode == nil {
		return ""
	}
	switch *f.mode {
	case build.FormatAlways:
		return "true"
	case build.FormatAnnotation:
		return "false"
	}
	return ""
}

func (f formatFlag) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return errors.New("want true or false")
	}
	*f.mode = build.FormatAnnotation
	if b {
		*f.mode = build.FormatAlways
	}
	return nil
}
