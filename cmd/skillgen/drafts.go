package main

import (
	"flag"

	"github.com/skillgen/skillgen/generator"
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
