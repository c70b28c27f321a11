// Command p11 runs the Go side of Property 11 outside go test: the valid direction (arbitrary
// instances accepted by the generated and the independent validator, and round-tripped) and
// the invalid direction (schema-driven mutations of valid documents judged alike by both, at
// the mutated location). It prints one summary line and every disagreement (at most 20 per
// direction), and exits with status 1 when there is one.
//
//	go run ./crosscheck/cmd/p11 [-cases 1000] [-docs 50] [-types SkillDescriptor,SkillIndex] [-valid=false]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/skillgen/skillgen/crosscheck"
)

func main() {
	validCases, mutated := crosscheck.Cases()
	cases := flag.Int("cases", validCases, "valid instances drawn per type")
	docs := flag.Int("docs", mutated, "arbitrary documents mutated per top-level type (besides the examples)")
	typeList := flag.String("types", "", "comma-separated types (default: every type for the valid direction, every top-level type for the invalid one)")
	examplesDir := flag.String("examples", "schema/examples", "directory of the example documents")
	doValid := flag.Bool("valid", true, "run the valid direction")
	doInvalid := flag.Bool("invalid", true, "run the invalid direction")
	flag.Parse()

	s, err := crosscheck.LoadSchema()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	validTypes, invalidTypes := s.LocatedTypes(), s.TopLevelTypes()
	if *typeList != "" {
		validTypes = strings.Split(*typeList, ",")
		invalidTypes = validTypes
	}
	var valid crosscheck.Result
	var invalid crosscheck.InvalidStats
	if *doValid {
		for _, t := range validTypes {
			valid.Add(s.CheckValid(t, 0, *cases))
		}
	}
	if *doInvalid {
		examples, err := crosscheck.ExampleDocuments(*examplesDir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		starts, err := s.MutationStarts(examples, invalidTypes, *docs)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		invalid = s.CheckInvalid(starts)
	}
	for _, f := range valid.Failures {
		fmt.Println("valid direction:", f)
	}
	for _, f := range invalid.Failures {
		fmt.Println("invalid direction:", f)
	}
	fmt.Printf("property 11 (go): valid direction %d documents, %d disagreements; invalid direction %d mutations, %d disagreements\n",
		valid.Documents, valid.Disagreements, invalid.Documents, invalid.Disagreements)
	if valid.Disagreements+invalid.Disagreements > 0 {
		os.Exit(1)
	}
}
