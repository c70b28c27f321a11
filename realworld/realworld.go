// Package realworld runs skillgen over the schemas people publish: the corpus in
// ../shared/corpus/schemastore (or $SKILLGEN_CORPUS), half of the JSON Schema Store with its
// authors' valid and invalid documents. For every schema it generates Go and TypeScript (or
// records why skillgen refuses it), compiles all of it (one Go module with one package per
// schema, go vet once; tsc in a few runs), and has every document parsed by the generated Go
// and TypeScript and judged by an independent validator (santhosh-tekuri/jsonschema, the same
// draft, format asserted as skillgen asserts it by default: in draft-04, -06 and -07). It
// prints one table; see docs/corpus.md.
//
//	go test ./realworld -v                  # a bounded sample (part of make test)
//	go test ./realworld -v -corpus.full     # every schema (make corpus)
package realworld

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

// Entry is one schema of the corpus manifest.
type Entry struct {
	Name  string
	Draft string // as the manifest declares it: draft-07, draft-04, 2020-12, 2019-09, none
	Bytes int
	Index int // its place in the manifest, by name
}

// Manifest reads schemastore/manifest.tsv.
func Manifest(corpus string) ([]Entry, error) {
	f, err := os.Open(filepath.Join(corpus, "schemastore", "manifest.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Entry
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 3 {
			continue
		}
		n, _ := strconv.Atoi(cols[2])
		out = append(out, Entry{Name: cols[0], Draft: cols[1], Bytes: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	for i := range out {
		out[i].Index = i
	}
	return out, sc.Err()
}

// Document is one of a schema's test documents.
type Document struct {
	Path  string // relative to the schema's docs folder: valid/x.json or invalid/y.json
	Valid bool   // the folder it is in
	Data  []byte
}

// Documents reads a schema's documents, sorted by path.
func Documents(corpus, name string) ([]Document, error) {
	var out []Document
	for _, kind := range []string{"valid", "invalid"} {
		paths, err := filepath.Glob(filepath.Join(corpus, "schemastore", "docs", name, kind, "*.json"))
		if err != nil {
			return nil, err
		}
		sort.Strings(paths)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, Document{Path: kind + "/" + filepath.Base(p), Valid: kind == "valid", Data: data})
		}
	}
	return out, nil
}

// SchemaStoreHosts are the URL prefixes the JSON Schema Store publishes its schemas under; the
// harness answers them from the corpus folder, as a user with the files would with -ref-map.
var SchemaStoreHosts = []string{"https://json.schemastore.org/", "https://www.schemastore.org/"}

// RefMaps maps the JSON Schema Store's URLs to the corpus's schema folder.
func RefMaps(corpus string) []generator.RefMap {
	var out []generator.RefMap
	for _, h := range SchemaStoreHosts {
		out = append(out, generator.RefMap{Prefix: h, Dir: filepath.Join(corpus, "schemastore", "schemas")})
	}
	return out
}

// reasons map a phrase of an error to the category Reason gives it, first match first.
var reasons = [][2]string{
	{"skillgen never fetches", "remote reference to another site"},
	{"which cannot be read", "remote reference to a Schema Store file not in the corpus"},
	{"in the schema root", "reference to a schema file beside it that is not in the corpus"},
	{"lookaround or backreferences", "pattern with lookaround or backreference (RE2 cannot compile it)"},
	{"does not compile under RE2", "pattern RE2 cannot compile"},
	{"did you mean", "misspelt keyword"},
	{"metaschema", "does not conform to its metaschema"},
	{"$ref cycle", "reference cycle that never descends"},
}

// Reason classifies why skillgen refused a schema, from one error: a category a user can act
// on, the same for errors that differ only in names.
func Reason(e *load.Error) string {
	for _, c := range reasons {
		if strings.Contains(e.Reason, c[0]) {
			return c[1]
		}
	}
	if m := unsupportedRe.FindStringSubmatch(e.Reason); m != nil {
		return "unsupported keyword " + m[1]
	}
	if m := pointsRe.FindStringSubmatch(e.Reason); m != nil {
		return "reference points at " + m[1]
	}
	return e.Reason
}

var (
	unsupportedRe = regexp.MustCompile(`keyword "([^"]+)" is not supported`)
	pointsRe      = regexp.MustCompile(`points at (nothing|[a-z]+ [a-z]+)`)
)

// Oracle compiles a corpus schema with the independent validator: the draft it declares (def
// for one without $schema), format asserted as both it and skillgen assert it by default (in
// draft-04, -06 and -07; an annotation in 2019-09 and 2020-12), the Schema Store's URLs
// answered from the corpus folder and nothing fetched. Its "period" and "semver", which no
// draft of JSON Schema defines and skillgen does not check, are annotations.
func Oracle(corpus, name string, def normalize.Draft) (*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschemaDraft(def))
	for _, f := range []string{"period", "semver"} {
		c.RegisterFormat(&jsonschema.Format{Name: f, Validate: func(any) error { return nil }})
	}
	c.UseLoader(corpusLoader{dir: filepath.Join(corpus, "schemastore", "schemas")})
	path := filepath.Join(corpus, "schemastore", "schemas", name+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
	if err != nil {
		return nil, err
	}
	u := "file:///corpus/" + name + ".json"
	if err := c.AddResource(u, doc); err != nil {
		return nil, err
	}
	return c.Compile(u)
}

func jsonschemaDraft(d normalize.Draft) *jsonschema.Draft {
	switch d {
	case normalize.Draft4:
		return jsonschema.Draft4
	case normalize.Draft6:
		return jsonschema.Draft6
	case normalize.Draft7:
		return jsonschema.Draft7
	case normalize.Draft2019:
		return jsonschema.Draft2019
	}
	return jsonschema.Draft2020
}

// corpusLoader answers the Schema Store's URLs from the corpus folder; it fetches nothing.
type corpusLoader struct{ dir string }

func (l corpusLoader) Load(u string) (any, error) {
	for _, h := range SchemaStoreHosts {
		if rest, ok := strings.CutPrefix(u, h); ok && !strings.Contains(rest, "/") && !strings.Contains(rest, "..") {
			f, err := os.Open(filepath.Join(l.dir, rest))
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return jsonschema.UnmarshalJSON(f)
		}
	}
	return nil, fmt.Errorf("%s is not fetched", u)
}
