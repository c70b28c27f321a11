package main

// The mutants of the tools that no test can kill because no behaviour tells them from the
// original (docs/mutation.md, "Survivors"). A surviving mutant that is not listed here fails the
// run, bounded or whole. An entry names the mutated line by its text, so that it follows the line
// when the file around it changes (TestEquivalents checks that every line still exists).

// equivalent is one known equivalent mutant.
type equivalent struct {
	File    string // as the tool names it: gen/go/protocol.go, gen/ts/src/protocol.ts
	Code    string // the mutated line of the original file, trimmed
	Column  int    // where the mutant starts in that line (1-based, as the tool reports it); 0: any
	Mutator string // gremlins' type (CONDITIONALS_BOUNDARY...) or StrykerJS' mutator name
	Why     string
}

var equivalents = []equivalent{
	{"gen/go/protocol.go", "case opts.MaxAge < 0:", 19, "CONDITIONALS_BOUNDARY",
		"the case before it takes opts.MaxAge == 0, so 0 never reaches this one"},
}

// explain returns why the survivor m of file is equivalent, if it is listed.
func explain(file string, m survivor) (string, bool) {
	for _, e := range equivalents {
		if e.File == file && e.Code == m.Code && e.Mutator == m.Mutator && (e.Column == 0 || e.Column == m.Column) {
			return e.Why, true
		}
	}
	return "", false
}
