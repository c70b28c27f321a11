package typescript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	skill "github.com/skillgen/skillgen/gen/go"
)

// The behaviour packs of the canonical schema, compiled with tsc and run under node
// (testdata/behaviour.mjs), are compared with the generated Go package: every SuperAuditor
// conformance fixture (against its "expected" and against Go's response, summary byte for
// byte), random findings cases, protocol version checks, descriptor paths and skill indexes.

const fixtureDir = "../../conformance/superauditor/v1"

// findingsCase is one buildFindingsResponse call in the fixture format
// (conformance/superauditor/v1/README.md) with the Go package's outcome.
type findingsCase struct {
	Name       string          `json:"name"`
	Input      json.RawMessage `json:"input"`
	GoError    bool            `json:"go_error"`
	GoResponse json.RawMessage `json:"go_response,omitempty"`
}

// decodeNumbers parses JSON keeping numbers as json.Number.
func decodeNumbers(t *testing.T, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// goFindings runs one fixture-shaped input through skill.BuildFindingsResponse.
func goFindings(t *testing.T, name string, input []byte) findingsCase {
	t.Helper()
	doc := decodeNumbers(t, input).(map[string]any)
	limit, err := strconv.ParseInt(string(doc["per_kind_limit"].(json.Number)), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	include := doc["include_summary"].(bool)
	params := skill.GetSessionFindingsParams{PerKindLimit: &limit, IncludeSummary: &include}
	if k, ok := doc["session_key"].(string); ok {
		params.SessionKey = &k
	}
	opts := skill.FindingsOptions{
		Severities:      skill.SeverityMap{},
		FallbackInfo:    doc["fallback_info"].(bool),
		SharedTransport: doc["shared_transport"].(bool),
		ServerVersion:   doc["server_version"].(string),
	}
	for k, v := range doc["severity_map"].(map[string]any) {
		opts.Severities[k] = skill.Severity(v.(string))
	}
	var out []skill.RawFinding
	for _, e := range doc["detector_output"].([]any) {
		obj := e.(map[string]any)
		payload := map[string]any{}
		for k, v := range obj {
			if k != "kind" {
				payload[k] = v
			}
		}
		out = append(out, skill.RawFinding{Kind: obj["kind"].(string), Payload: payload})
	}
	c := findingsCase{Name: name, Input: input}
	resp, err := skill.BuildFindingsResponse(out, params, opts)
	if err != nil {
		c.GoError = true
		return c
	}
	if c.GoResponse, err = json.Marshal(resp); err != nil {
		t.Fatal(err)
	}
	return c
}

// randomFindingsInputs returns fixture-shaped inputs with few kinds and many repetitions, so
// truncation, capping, fallback and every summary line are exercised.
func randomFindingsInputs(n int) [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	kinds := []string{"stale_pending", "duplicate_pending", "orphan_record", "état_périmé", "__proto__", "x"}
	sevs := []string{"critical", "warn", "info"}
	var out [][]byte
	for i := range n {
		smap := map[string]string{}
		for _, k := range kinds {
			switch r.IntN(8) {
			case 0: // unmapped
			case 1:
				if i%5 == 0 {
					smap[k] = "severe" // outside the vocabulary
				}
			default:
				smap[k] = sevs[r.IntN(3)]
			}
		}
		var det []map[string]any
		for j := range r.IntN(14) {
			f := map[string]any{"kind": kinds[r.IntN(len(kinds))], "seq": j}
			if r.IntN(4) == 0 {
				f["nested"] = map[string]any{"ids": []any{j, "x", nil, true}}
			}
			det = append(det, f)
		}
		doc := map[string]any{
			"per_kind_limit":   r.IntN(5),
			"severity_map":     smap,
			"fallback_info":    r.IntN(2) == 0,
			"session_key":      nil,
			"shared_transport": r.IntN(2) == 0,
			"server_version":   "1." + strconv.Itoa(i) + ".0",
			"include_summary":  r.IntN(4) != 0,
			"detector_output":  det,
		}
		if r.IntN(2) == 0 {
			doc["session_key"] = "s-" + strconv.Itoa(i)
		}
		if det == nil {
			doc["detector_output"] = []any{}
		}
		data, err := json.Marshal(doc)
		if err != nil {
			panic(err)
		}
		out = append(out, data)
	}
	return out
}

type versionCase struct {
	Descriptor string `json:"descriptor"`
	Consumer   string `json:"consumer"`
	Result     string `json:"result"` // ok, incompatible or invalid
}

type pathCase struct {
	ID   string `json:"id"`
	Path string `json:"path"`
}

type indexCase struct {
	Name          string          `json:"name"`
	Descriptors   json.RawMessage `json:"descriptors"`
	Authenticated bool            `json:"authenticated"`
	BaseURL       string          `json:"baseURL"`
	GoError       bool            `json:"go_error"`
	GoDuplicates  [][2]int        `json:"go_duplicates"`
	GoInvalid     []int           `json:"go_invalid"`
	GoIndex       json.RawMessage `json:"go_index,omitempty"`
}

type protocolCases struct {
	Versions []versionCase `json:"versions"`
	Paths    []pathCase    `json:"paths"`
	Indexes  []indexCase   `json:"indexes"`
}

func goProtocolCases(t *testing.T) protocolCases {
	t.Helper()
	var pc protocolCases
	versions := []string{"1.0.0", "1.4.2", "2.0.0", "0.9.9", "0.0.0", "01.0.0", "1.0", "1.0.0-rc.1", "+1.0.0", "1..0",
		"18446744073709551615.0.0", "18446744073709551616.0.0", "9007199254740993.0.0", "9007199254740992.1.1", " 1.0.0", "a.b.c"}
	for _, d := range versions {
		for _, c := range []string{"1.0.0", "2.3.4", "0.1.0", "9007199254740993.0.0", "1.x.0"} {
			res := "ok"
			err := skill.CheckCompatibility(d, c)
			var inc *skill.VersionIncompatibleError
			switch {
			case errors.As(err, &inc):
				res = "incompatible"
			case errors.Is(err, skill.ErrInvalidVersion):
				res = "invalid"
			case err != nil:
				t.Fatalf("CheckCompatibility(%q, %q): %v", d, c, err)
			}
			pc.Versions = append(pc.Versions, versionCase{d, c, res})
		}
	}
	for _, id := range []string{"com.example.weather", "index", "a b/c?d#e%f", "é~!*'();:@&=+$,", "日本", "\U0001F600"} {
		pc.Paths = append(pc.Paths, pathCase{id, skill.DescriptorPath(skill.SkillID(id))})
	}

	var descs []skill.SkillDescriptor
	files, err := filepath.Glob("../../schema/examples/SkillDescriptor.*.json")
	if err != nil || len(files) < 4 {
		t.Fatalf("descriptor examples: %v", err)
	}
	sort.Strings(files)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := skill.ParseSkillDescriptor(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		descs = append(descs, d)
	}
	dup := append(append([]skill.SkillDescriptor{}, descs...), descs[0], descs[2], descs[0])
	bad := descs[1]
	bad.Name = ""
	invalid := append(append([]skill.SkillDescriptor{}, descs...), bad, descs[3])
	sets := []struct {
		name  string
		descs []skill.SkillDescriptor
	}{{"examples", descs}, {"duplicates", dup}, {"invalid", invalid}, {"empty", []skill.SkillDescriptor{}}}
	bases := []string{"", "https://cdn.example.com", "https://cdn.example.com/", "https://cdn.example.com/skills/", "http://cdn.example.com",
		"https://user@cdn.example.com", "https://cdn.example.com?x=1", "https://cdn.example.com/?", "https://cdn.example.com#f",
		"https:cdn.example.com", "HTTPS://CDN.example.com:8443", "https://", "/relative", "https://cdn.example.com/a%zz"}
	for _, set := range sets {
		list := set.descs
		arr, err := json.Marshal(list)
		if err != nil {
			t.Fatal(err)
		}
		for _, base := range bases {
			for _, auth := range []bool{false, true} {
				c := indexCase{Name: fmt.Sprintf("%s base=%q auth=%v", set.name, base, auth), Descriptors: arr, Authenticated: auth, BaseURL: base}
				idx, err := skill.BuildIndex(list, skill.IndexOptions{Authenticated: auth, BaseURL: base})
				if err != nil {
					c.GoError = true
					var joined interface{ Unwrap() []error }
					if errors.As(err, &joined) {
						for _, e := range joined.Unwrap() {
							var d *skill.DuplicateIDError
							var inv *skill.InvalidDescriptorError
							if errors.As(e, &d) {
								c.GoDuplicates = append(c.GoDuplicates, [2]int{d.First, d.Second})
							}
							if errors.As(e, &inv) {
								c.GoInvalid = append(c.GoInvalid, inv.Position)
							}
						}
					}
				} else if c.GoIndex, err = json.Marshal(idx); err != nil {
					t.Fatal(err)
				}
				pc.Indexes = append(pc.Indexes, c)
			}
		}
	}
	return pc
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBehaviourMatchesGo runs the TypeScript behaviour packs under node against the Go
// package's results and the conformance fixtures.
func TestBehaviourMatchesGo(t *testing.T) {
	dir := project(t, canonical(t))
	compile(t, dir, "behaviour.mjs")

	files, err := filepath.Glob(filepath.Join(fixtureDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures in %s: %v", fixtureDir, err)
	}
	sort.Strings(files)
	var cases []findingsCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, goFindings(t, "fixture:"+filepath.Base(f), data))
	}
	for i, in := range randomFindingsInputs(300) {
		cases = append(cases, goFindings(t, "random:"+strconv.Itoa(i), in))
	}
	writeJSON(t, filepath.Join(dir, "findings.json"), cases)
	writeJSON(t, filepath.Join(dir, "protocol.json"), goProtocolCases(t))
	out := run(t, dir, "node", "behaviour.mjs", "findings.json", "protocol.json")
	t.Log(strings.TrimSpace(out))
}
