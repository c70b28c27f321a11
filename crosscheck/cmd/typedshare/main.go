// Command typedshare measures how much of the Go output is typed on the real-world schema
// corpus (../shared/corpus/schemastore): for every schema that generates, its named types and
// struct fields, and how many are any, []any or map[string]any (where the schema allows any
// value, or where it constrains the value in a way no Go type expresses). It prints a Markdown
// table; -untyped lists the untyped items, -warnings the warnings of the build.
//
//	go run ./crosscheck/cmd/typedshare [-corpus ../shared/corpus/schemastore] [-warnings]
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"

	"github.com/skillgen/skillgen/crosscheck/corpus"
	"github.com/skillgen/skillgen/generator/ir"
)

func main() {
	dir := flag.String("corpus", corpus.Dir, "the corpus folder (with schemas/)")
	warnings := flag.Bool("warnings", false, "print the warnings of every schema")
	untyped := flag.Bool("untyped", false, "list every untyped named type and field")
	flag.Parse()
	schemas, skipped, err := corpus.Schemas(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Print(corpus.Table(schemas))
	var reasons []string
	for r := range skipped {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Printf("\nskipped (%s): %d", r, skipped[r])
	}
	fmt.Println()
	if *untyped {
		for _, s := range schemas {
			for _, u := range ir.UntypedItems(s.Schema, nil) {
				fmt.Printf("untyped: %s %s (%s) %s\n", s.Name, u.Go, u.Location, u.Degraded)
			}
		}
	}
	if *warnings {
		for _, s := range schemas {
			for _, w := range s.Warnings {
				fmt.Println("warning:", w)
			}
		}
	}
}
