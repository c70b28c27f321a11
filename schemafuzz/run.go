package schemafuzz

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Config is one run of the fuzzer.
type Config struct {
	// Seed makes the run: the same seed gives the same schemas and documents.
	Seed uint64
	// Schemas is how many schemas to generate in each draft.
	Schemas map[Draft]int
	// Documents is about how many documents each schema is checked with.
	Documents int
	// UnitSize is how many schemas share one generated Go package and TypeScript folder.
	UnitSize int
	// Dir is where the Go module and the TypeScript project are generated.
	Dir string
	// TSTools is the folder holding runner.mjs and node_modules with typescript and ajv; ""
	// skips TypeScript.
	TSTools string
	// Known are the known bugs: a failure one of them matches is reported as known.
	Known []Known
	// KnownOracle are the known bugs of ajv: a document where ajv and santhosh-tekuri
	// disagree that one of them explains is reported as known.
	KnownOracle []KnownOracle
	// Log receives progress lines; nil discards them.
	Log func(format string, args ...any)
}

// Known is a known bug of skillgen, found by the fuzzer and kept as a replay case.
type Known struct {
	// Case names the replay case in testdata/cases that shows it.
	Case string
	// Match recognises a failure caused by it.
	Match func(f *Failure) bool
}

// KnownOracle is a known bug of an oracle.
type KnownOracle struct {
	Name string
	// Ajv is how ajv's verdict starts ("throws: " for a validator that throws); "" for a
	// wrong verdict ("valid" or "invalid": through "not" or "if" a bug can turn either way).
	Ajv   string
	Match func(s *Schema, doc *Value) bool
}

// explains reports whether the bug explains ajv's verdict on a document of s.
func (k KnownOracle) explains(ajv string, s *Schema, doc *Value) bool {
	if k.Ajv == "" && ajv != "valid" && ajv != "invalid" || !strings.HasPrefix(ajv, k.Ajv) {
		return false
	}
	return k.Match(s, doc)
}

// Failure is one way skillgen went wrong on a schema.
type Failure struct {
	Kind     string // see the Kind* constants
	Lang     string // "Go", "TypeScript", or "" (the generator, or both languages)
	Schema   *Schema
	Document *Value // the first document that shows it; nil for schema failures
	Docs     int    // how many documents show it
	Want     string // what the oracle says
	Got      string // what the generated code says
	Detail   string
	Known    string // the replay case of the known bug it is, "" when new
}

// The kinds of failure.
const (
	KindRefused   = "refused"    // refused for a reason that names no keyword
	KindBuild     = "build"      // accepted alone, not beside other schemas
	KindEmit      = "emit"       // the emitter failed or panicked
	KindCompile   = "compile"    // go build, go vet or tsc --strict complain
	KindVerdict   = "verdict"    // the generated parser's verdict differs from the oracle's
	KindCrash     = "crash"      // the generated parser crashed
	KindErrors    = "errors"     // Go and TypeScript report different [pointer, keyword] lists
	KindRoundTrip = "round trip" // an accepted document does not serialize back to itself
)

func (f *Failure) String() string {
	var b strings.Builder
	lang := ""
	if f.Lang != "" {
		lang = " (" + f.Lang + ")"
	}
	fmt.Fprintf(&b, "%s%s: %s %s", f.Kind, lang, f.Schema.Draft, f.Schema.Name)
	if f.Known != "" {
		fmt.Fprintf(&b, " [known: %s]", f.Known)
	}
	fmt.Fprintf(&b, "\n    schema: %s", clip(f.Schema.Doc.String(), 600))
	if f.Document != nil {
		fmt.Fprintf(&b, "\n    document: %s (%d document(s) in all)", clip(f.Document.String(), 300), f.Docs)
	}
	if f.Want != "" || f.Got != "" {
		fmt.Fprintf(&b, "\n    want %s, got %s", f.Want, f.Got)
	}
	if f.Detail != "" {
		fmt.Fprintf(&b, "\n    %s", strings.ReplaceAll(clip(f.Detail, 1200), "\n", "\n    "))
	}
	return b.String()
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// Counts are a run's numbers.
type Counts struct {
	Generated     map[Draft]int
	DraftRefused  map[Draft]int  // the draft is not read by skillgen yet
	Refused       map[string]int // refused, by the keyword skillgen named
	Accepted      int            // built alone (a named root type)
	CompiledGo    int
	CompiledTS    int
	Documents     int // documents checked (of accepted schemas)
	Valid         int // of them, valid by the oracle
	CheckedGo     int // documents run through the generated Go
	CheckedTS     int
	CheckedAjv    int
	OracleDiffers int // ajv and santhosh-tekuri disagree
	OracleKnown   int // of them, explained by a known bug of ajv
	Failures      int // failures, known ones included
	KnownFailures int
}

// Report is the outcome of a run.
type Report struct {
	Counts   Counts
	Failures []*Failure
	// OracleDiffs lists documents where ajv and santhosh-tekuri disagree (not a failure of
	// skillgen: the generated TypeScript is held to santhosh-tekuri's verdict there).
	OracleDiffs []string
	// NewOracleDiffs are those no known bug of ajv explains.
	NewOracleDiffs []string
	// TSSkipped says why TypeScript did not run ("" when it did).
	TSSkipped string
}

// entry is one schema on its way through the run.
type entry struct {
	s      *Schema
	oracle *Oracle
	docs   []*Value
	want   []bool
	goUnit *unit
	tsUnit *unit
	goName string
	tsName string
	// the verdicts of the generated code, by document (nil: not run)
	goResults []*result
	tsResults []*result
}

// Run generates the schemas and documents, runs skillgen and both oracles, and compares.
func Run(cfg Config) (*Report, error) {
	var items []item
	for _, d := range Drafts {
		for range cfg.Schemas[d] {
			i := len(items)
			items = append(items, item{s: NewSchema(cfg.Seed, i, d), index: i})
		}
	}
	return run(cfg, items)
}

// item is a schema to check, with its documents (nil: generated).
type item struct {
	s     *Schema
	index int
	docs  []*Value
}

func run(cfg Config, items []item) (*Report, error) {
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	if cfg.UnitSize <= 0 {
		cfg.UnitSize = 25
	}
	if cfg.TSTools != "" {
		abs, err := filepath.Abs(cfg.TSTools)
		if err != nil {
			return nil, err
		}
		cfg.TSTools = abs
	}
	rep := &Report{Counts: Counts{Generated: map[Draft]int{}, DraftRefused: map[Draft]int{}, Refused: map[string]int{}}}
	c := &rep.Counts
	supported := map[Draft]bool{}
	for _, d := range Drafts {
		supported[d] = accepts(d)
	}
	var entries []*entry
	for _, it := range items {
		s, d := it.s, it.s.Draft
		c.Generated[d]++
		o, err := NewOracle(s)
		if err != nil {
			return nil, fmt.Errorf("the oracle refuses schema %s (%s): %v\n%s", s.Name, d, err, s.Doc.Indent())
		}
		if !supported[d] {
			c.DraftRefused[d]++
			continue
		}
		e := &entry{s: s, oracle: o}
		f, r := e.build()
		if f != nil {
			rep.add(f, cfg.Known)
			continue
		}
		if r != nil {
			c.Refused[r.keyword]++
			continue
		}
		e.docs = it.docs
		if e.docs == nil {
			e.docs = Documents(s, cfg.Seed, it.index, cfg.Documents)
		}
		for _, doc := range e.docs {
			ok, err := o.Valid(doc.JSON())
			if err != nil {
				return nil, fmt.Errorf("%s %s: the oracle cannot read document %s: %v", d, s.Name, doc, err)
			}
			e.want = append(e.want, ok)
			if ok {
				c.Valid++
			}
		}
		c.Documents += len(e.docs)
		c.Accepted++
		entries = append(entries, e)
	}
	cfg.Log("schemafuzz: %d schemas, %d accepted; compiling", len(items), len(entries))
	units := makeUnits(entries, cfg.UnitSize)
	goFails, err := runGo(cfg, units, entries, rep)
	if err != nil {
		return nil, err
	}
	for _, f := range goFails {
		rep.add(f, cfg.Known)
	}
	if cfg.TSTools == "" {
		rep.TSSkipped = "no TypeScript tools given"
	} else if tsFails, skipped, err := runTS(cfg, units, entries, rep); err != nil {
		return nil, err
	} else {
		rep.TSSkipped = skipped
		for _, f := range tsFails {
			rep.add(f, cfg.Known)
		}
	}
	for _, e := range entries {
		if e.goUnit != nil {
			c.CompiledGo++
		}
		if e.tsUnit != nil {
			c.CompiledTS++
		}
	}
	for _, f := range crossCheck(entries) {
		rep.add(f, cfg.Known)
	}
	sort.SliceStable(rep.Failures, func(i, j int) bool { return rep.Failures[i].Schema.Name < rep.Failures[j].Schema.Name })
	return rep, nil
}

func (r *Report) add(f *Failure, known []Known) {
	for _, k := range known {
		if k.Match(f) {
			f.Known = k.Case
			r.Counts.KnownFailures++
			break
		}
	}
	r.Counts.Failures++
	r.Failures = append(r.Failures, f)
}

// New lists the failures no known bug explains.
func (r *Report) New() []*Failure {
	var out []*Failure
	for _, f := range r.Failures {
		if f.Known == "" {
			out = append(out, f)
		}
	}
	return out
}

// build builds the schema alone: a failure, or a refusal that names a keyword, or neither
// (accepted).
func (e *entry) build() (*Failure, *refusal) {
	s, err := buildSchemas(map[string][]byte{e.s.File(): e.s.Doc.JSON()})
	if err != nil {
		if r := classify(err); r != nil {
			return nil, r
		}
		return &Failure{Kind: KindRefused, Schema: e.s, Detail: oneLine(err.Error())}, nil
	}
	if rootType(s, e.s.File()) == nil {
		return &Failure{Kind: KindRefused, Schema: e.s, Detail: "the root schema gives no named type"}, nil
	}
	return nil, nil
}

// ---- verdicts ------------------------------------------------------------------------------

// result is one document's outcome in one language, as the runners print it.
type result struct {
	I       int         `json:"i"`
	Verdict string      `json:"v"`           // "valid", "invalid", "crash: …"
	Errors  [][2]string `json:"e,omitempty"` // [pointer, keyword] when invalid
	Parse   string      `json:"p,omitempty"` // valid, and the typed parser refused it: "narrowed" or "refused …"
	Out     string      `json:"m,omitempty"` // the accepted value, serialized
	Again   string      `json:"a,omitempty"` // the verdict on Out
	Ajv     string      `json:"ajv,omitempty"`
	TS      string      `json:"ts,omitempty"`
}

// docRef is one document of one schema.
type docRef struct {
	e *entry
	i int
}

// readResults parses runner output lines into results indexed like refs.
func readResults(out []byte, n int) []*result {
	res := make([]*result, n)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var r result
		if json.Unmarshal(sc.Bytes(), &r) != nil || r.I < 0 || r.I >= n {
			continue
		}
		res[r.I] = &r
	}
	return res
}

// compare checks one language's results against the oracle, document by document, and
// gathers the failures per (schema, kind).
func compare(lang string, refs []docRef, res []*result, into map[*entry]map[string]*Failure) {
	add := func(e *entry, kind string, doc *Value, want, got, detail string) {
		if into[e] == nil {
			into[e] = map[string]*Failure{}
		}
		key := lang + "/" + kind
		if f := into[e][key]; f != nil {
			f.Docs++
			return
		}
		into[e][key] = &Failure{Kind: kind, Lang: lang, Schema: e.s, Document: doc, Docs: 1, Want: want, Got: got, Detail: detail}
	}
	for k, ref := range refs {
		r := res[k]
		e, doc := ref.e, ref.e.docs[ref.i]
		want := verdictWord(e.want[ref.i])
		switch {
		case r == nil:
			add(e, KindCrash, doc, want, "no verdict", "the runner printed nothing for this document (it died)")
		case strings.HasPrefix(r.Verdict, "crash"):
			add(e, KindCrash, doc, want, "crash", r.Verdict)
		case r.Verdict != want:
			detail := ""
			if len(r.Errors) > 0 {
				detail = "errors: " + errorList(r.Errors)
			}
			add(e, KindVerdict, doc, want, r.Verdict, detail)
		case r.Verdict == "valid" && r.Parse == "narrowed":
			// a value the language's type cannot hold (all errors "type"), which the typed
			// parser refuses by design (docs/generated-go.md, docs/typescript.md)
		case r.Verdict == "valid" && r.Parse != "":
			add(e, KindRoundTrip, doc, doc.String(), "", "the typed parser refuses a valid document: "+r.Parse)
		case r.Verdict == "valid":
			out, err := ParseValue([]byte(r.Out))
			switch {
			case err != nil:
				add(e, KindRoundTrip, doc, doc.String(), r.Out, "the serialized value is not JSON: "+err.Error())
			case !Equal(out, doc):
				add(e, KindRoundTrip, doc, doc.String(), r.Out, "the serialized value differs from the document")
			case r.Again != "valid":
				add(e, KindRoundTrip, doc, doc.String(), r.Out, "the serialized value is refused")
			}
		}
	}
}

func verdictWord(valid bool) string {
	if valid {
		return "valid"
	}
	return "invalid"
}

func errorList(l [][2]string) string {
	j, _ := json.Marshal(l)
	return string(j)
}

// crossCheck compares the Go and TypeScript error lists of the documents both find invalid:
// docs/validation.md makes them identical.
func crossCheck(entries []*entry) []*Failure {
	var out []*Failure
	for _, e := range entries {
		if e.goResults == nil || e.tsResults == nil {
			continue
		}
		var f *Failure
		for i, g := range e.goResults {
			t := e.tsResults[i]
			if g == nil || t == nil || g.Verdict != "invalid" || t.Verdict != "invalid" {
				continue
			}
			if gl, tl := errorList(g.Errors), errorList(t.Errors); gl != tl {
				if f == nil {
					f = &Failure{Kind: KindErrors, Schema: e.s, Document: e.docs[i], Want: "Go " + gl, Got: "TypeScript " + tl}
					out = append(out, f)
				}
				f.Docs++
			}
		}
	}
	return out
}

// ---- units ---------------------------------------------------------------------------------

// unit is a set of schemas generated together into one Go package and one TypeScript folder.
type unit struct {
	id      string // "u3", halves "u3_0", "u3_1" …
	entries []*entry
}

func makeUnits(entries []*entry, size int) []*unit {
	var out []*unit
	for i := 0; i < len(entries); i += size {
		out = append(out, &unit{id: fmt.Sprintf("u%d", len(out)), entries: entries[i:min(i+size, len(entries))]})
	}
	return out
}

func (u *unit) halves() []*unit {
	h := len(u.entries) / 2
	return []*unit{{id: u.id + "_0", entries: u.entries[:h]}, {id: u.id + "_1", entries: u.entries[h:]}}
}

func (u *unit) docs() map[string][]byte {
	m := map[string][]byte{}
	for _, e := range u.entries {
		m[e.s.File()] = e.s.Doc.JSON()
	}
	return m
}

// schemas counts the schemas of units.
func schemas(units []*unit) int {
	n := 0
	for _, u := range units {
		n += len(u.entries)
	}
	return n
}

// attempt is what trying a set of units gave: the failing ones with the reason.
type attempt map[*unit]struct{ kind, detail string }

// bisect tries the units and splits each failing one in halves until the schemas that fail
// alone are found; it returns the units that passed and the failures of single schemas.
func bisect(lang string, units []*unit, try func([]*unit) (attempt, error)) ([]*unit, []*Failure, error) {
	var ok []*unit
	var fails []*Failure
	pending := units
	for len(pending) > 0 {
		bad, err := try(pending)
		if err != nil {
			return nil, nil, err
		}
		var next []*unit
		for _, u := range pending {
			why, failed := bad[u]
			switch {
			case !failed:
				ok = append(ok, u)
			case len(u.entries) == 1:
				kind := why.kind
				if kind == KindBuild {
					kind = KindRefused
				}
				fails = append(fails, &Failure{Kind: kind, Lang: lang, Schema: u.entries[0].s, Detail: why.detail})
			default:
				next = append(next, u.halves()...)
			}
		}
		pending = next
	}
	return ok, fails, nil
}

// writeFile writes a file below dir, making its folder.
func writeFile(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
