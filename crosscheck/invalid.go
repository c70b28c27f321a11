package crosscheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Document is a valid document of a type, the starting point of mutations.
type Document struct {
	Type   string
	Origin string // an example file name, or "<type> seed <n>"
	Data   []byte
}

// ExampleDocuments reads dir (schema/examples), whose files are named <Type>.json or
// <Type>.<variant>.json, sorted by name.
func ExampleDocuments(dir string) ([]Document, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []Document
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		base := filepath.Base(p)
		typeName, _, _ := strings.Cut(base, ".")
		out = append(out, Document{Type: typeName, Origin: base, Data: data})
	}
	return out, nil
}

// ArbitraryDocuments draws n documents of a type with seeds firstSeed, firstSeed+1, ...
func (s *Schema) ArbitraryDocuments(typeName string, firstSeed, n int) ([]Document, error) {
	draw := s.gen.Arbitrary[typeName]
	if draw == nil {
		return nil, fmt.Errorf("%s: no arbitrary generator", typeName)
	}
	var out []Document
	for i := range n {
		seed := firstSeed + i
		v, err := safeDraw(draw, seed)
		if err != nil {
			return nil, fmt.Errorf("%s seed %d: %w", typeName, seed, err)
		}
		data, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		out = append(out, Document{Type: typeName, Origin: fmt.Sprintf("%s seed %d", typeName, seed), Data: data})
	}
	return out, nil
}

// Verdict is what both validators say about one document.
type Verdict struct {
	IndependentErr error      // nil: the independent validator accepts the document
	Generated      []ErrorRef // nil: the generated validator accepts it
	GeneratedErr   error      // the generated package failed otherwise
}

// Judge validates data as typeName with both validators.
func (s *Schema) Judge(typeName string, data []byte) Verdict {
	var v Verdict
	v.IndependentErr = s.IndependentValidate(typeName, data)
	_, v.Generated, v.GeneratedErr = s.GeneratedValidate(typeName, data)
	return v
}

// CheckMutation returns "" when the generated and the independent validator agree on m and the
// generated one reports m's site, else what went wrong.
func (s *Schema) CheckMutation(typeName string, m Mutation) string {
	v := s.Judge(typeName, m.Data)
	if v.GeneratedErr != nil {
		return fmt.Sprintf("generated package fails: %v", v.GeneratedErr)
	}
	indepValid, genValid := v.IndependentErr == nil, v.Generated == nil
	if indepValid != genValid {
		return fmt.Sprintf("verdicts differ: independent valid=%v, generated valid=%v (generated errors %v; independent: %v)",
			indepValid, genValid, v.Generated, v.IndependentErr)
	}
	if genValid {
		if m.Keyword != "" {
			return fmt.Sprintf("both validators accept a document that breaks %q at %q", m.Keyword, m.Site)
		}
		return ""
	}
	found := m.Keyword == ""
	for _, e := range v.Generated {
		if e.Pointer != m.Site && !strings.HasPrefix(e.Pointer, m.Site+"/") {
			return fmt.Sprintf("generated validator reports %q (%s), outside the mutated site %q: %v", e.Pointer, e.Keyword, m.Site, v.Generated)
		}
		if e.Pointer == m.Site && e.Keyword == m.Keyword {
			found = true
		}
	}
	if !found {
		return fmt.Sprintf("generated validator does not report (%q, %s): %v", m.Site, m.Keyword, v.Generated)
	}
	return ""
}

// InvalidStats counts the invalid direction by mutation kind.
type InvalidStats struct {
	Result
	ByKind    map[string]int
	StayValid int // mutations both validators accepted (the schema allows the new value)
}

// CheckInvalid mutates every document and checks every mutation (see CheckMutation). A
// starting document both validators do not accept is a disagreement too.
func (s *Schema) CheckInvalid(docs []Document) InvalidStats {
	st := InvalidStats{ByKind: map[string]int{}}
	for _, d := range docs {
		if v := s.Judge(d.Type, d.Data); v.IndependentErr != nil || v.Generated != nil || v.GeneratedErr != nil {
			st.fail("%s (%s): starting document not valid for both: independent %v, generated %v %v", d.Origin, d.Type, v.IndependentErr, v.Generated, v.GeneratedErr)
			continue
		}
		tree, err := Decode(d.Data)
		if err != nil {
			st.fail("%s: %v", d.Origin, err)
			continue
		}
		muts, err := s.Mutations(d.Type, tree)
		if err != nil {
			st.fail("%s: walking the schema: %v", d.Origin, err)
			continue
		}
		for _, m := range muts {
			st.Documents++
			st.ByKind[m.Kind]++
			if problem := s.CheckMutation(d.Type, m); problem != "" {
				st.fail("%s (%s), %s at %q: %s\n  document: %s", d.Origin, d.Type, m.Kind, m.Site, problem, m.Data)
			} else if m.Keyword == "" && s.Judge(d.Type, m.Data).Generated == nil {
				st.StayValid++
			}
		}
	}
	return st
}
