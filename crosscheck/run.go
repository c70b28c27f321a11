package crosscheck

import (
	"os"
	"slices"
	"strconv"
)

// CasesEnv names the environment variable that sets the number of valid instances drawn per
// type (default DefaultCases); the invalid direction mutates CasesEnv/20 (at least
// DefaultMutatedDocs) arbitrary documents per top-level type besides the examples.
const CasesEnv = "SKILLGEN_P11_CASES"

const (
	DefaultCases       = 1000
	DefaultMutatedDocs = 50
)

// Cases returns the valid-direction count per type and the number of arbitrary documents
// per top-level type that the invalid direction mutates.
func Cases() (valid, mutated int) {
	valid, mutated = DefaultCases, DefaultMutatedDocs
	if n, err := strconv.Atoi(os.Getenv(CasesEnv)); err == nil && n > 0 {
		valid = n
		mutated = max(DefaultMutatedDocs, n/20)
	}
	return valid, mutated
}

// MutationStarts returns the documents the invalid direction mutates for the given types:
// their examples, then n arbitrary documents of each (seeds 1,000,000 and up).
func (s *Schema) MutationStarts(examples []Document, types []string, n int) ([]Document, error) {
	var out []Document
	for _, d := range examples {
		if slices.Contains(types, d.Type) {
			out = append(out, d)
		}
	}
	for _, typ := range types {
		docs, err := s.ArbitraryDocuments(typ, 1_000_000, n)
		if err != nil {
			return nil, err
		}
		out = append(out, docs...)
	}
	return out, nil
}
