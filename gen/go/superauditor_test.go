package skill_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
)

// fixtureDir holds the language-independent SuperAuditor v1 conformance cases (§9).
const fixtureDir = "../../conformance/superauditor/v1"

// fixture is one conformance case; see conformance/superauditor/v1/README.md.
type fixture struct {
	Description     string
	PerKindLimit    int64
	SeverityMap     skill.SeverityMap
	FallbackInfo    bool
	SessionKey      *string
	SharedTransport bool
	ServerVersion   string
	IncludeSummary  bool
	DetectorOutput  []skill.RawFinding
	Expected        any // parsed with json.Number; nil when ExpectedError
	ExpectedError   bool
}

// decodeJSON parses data keeping every number as its literal (json.Number).
func decodeJSON(t fataler, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("decode %s: %v", data, err)
	}
	if dec.More() {
		t.Fatalf("trailing data after JSON value: %s", data)
	}
	return v
}

func loadFixture(t *testing.T, path string) fixture {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, ok := decodeJSON(t, data).(map[string]any)
	if !ok {
		t.Fatalf("%s: not a JSON object", path)
	}
	required := []string{"description", "per_kind_limit", "severity_map", "fallback_info", "session_key",
		"shared_transport", "server_version", "include_summary", "detector_output"}
	for _, k := range required {
		if _, ok := doc[k]; !ok {
			t.Fatalf("%s: missing key %q", path, k)
		}
	}
	_, hasExpected := doc["expected"]
	_, hasError := doc["expected_error"]
	if hasExpected == hasError {
		t.Fatalf("%s: exactly one of expected and expected_error must be present", path)
	}
	if len(doc) != len(required)+1 {
		t.Fatalf("%s: unknown keys in %v", path, slices.Sorted(maps.Keys(doc)))
	}
	str := func(k string) string {
		s, ok := doc[k].(string)
		if !ok {
			t.Fatalf("%s: %s must be a string", path, k)
		}
		return s
	}
	boolean := func(k string) bool {
		b, ok := doc[k].(bool)
		if !ok {
			t.Fatalf("%s: %s must be a boolean", path, k)
		}
		return b
	}
	f := fixture{
		Description:     str("description"),
		FallbackInfo:    boolean("fallback_info"),
		SharedTransport: boolean("shared_transport"),
		ServerVersion:   str("server_version"),
		IncludeSummary:  boolean("include_summary"),
		SeverityMap:     skill.SeverityMap{},
	}
	n, ok := doc["per_kind_limit"].(json.Number)
	if !ok {
		t.Fatalf("%s: per_kind_limit must be a number", path)
	}
	if f.PerKindLimit, err = strconv.ParseInt(string(n), 10, 64); err != nil {
		t.Fatalf("%s: per_kind_limit: %v", path, err)
	}
	if doc["session_key"] != nil {
		key := str("session_key")
		f.SessionKey = &key
	}
	smap, ok := doc["severity_map"].(map[string]any)
	if !ok {
		t.Fatalf("%s: severity_map must be an object", path)
	}
	for k, v := range smap {
		s, ok := v.(string)
		if !ok {
			t.Fatalf("%s: severity_map[%q] must be a string", path, k)
		}
		f.SeverityMap[k] = skill.Severity(s)
	}
	out, ok := doc["detector_output"].([]any)
	if !ok {
		t.Fatalf("%s: detector_output must be an array", path)
	}
	for i, e := range out {
		obj, ok := e.(map[string]any)
		if !ok {
			t.Fatalf("%s: detector_output[%d] must be an object", path, i)
		}
		kind, ok := obj["kind"].(string)
		if !ok {
			t.Fatalf("%s: detector_output[%d].kind must be a string", path, i)
		}
		payload := map[string]any{}
		for k, v := range obj {
			if k != "kind" {
				payload[k] = v
			}
		}
		f.DetectorOutput = append(f.DetectorOutput, skill.RawFinding{Kind: kind, Payload: payload})
	}
	if hasError {
		if doc["expected_error"] != true {
			t.Fatalf("%s: expected_error must be true", path)
		}
		f.ExpectedError = true
	} else {
		f.Expected = doc["expected"]
	}
	return f
}

// numbersByValue compares JSON numbers by exact mathematical value, so a runner is not
// tied to one spelling of a literal (1e+300 and 1E300 are equal; 9007199254740993 and
// 9007199254740992 are not).
var numbersByValue = cmp.Comparer(func(a, b json.Number) bool {
	ra, okA := new(big.Rat).SetString(string(a))
	rb, okB := new(big.Rat).SetString(string(b))
	if !okA || !okB {
		return a == b
	}
	return ra.Cmp(rb) == 0
})

func (f fixture) params() skill.GetSessionFindingsParams {
	limit, include := f.PerKindLimit, f.IncludeSummary
	p := skill.GetSessionFindingsParams{PerKindLimit: &limit, IncludeSummary: &include}
	if f.SessionKey != nil {
		key := *f.SessionKey
		p.SessionKey = &key
	}
	return p
}

func (f fixture) options() skill.FindingsOptions {
	return skill.FindingsOptions{
		Severities:      f.SeverityMap,
		FallbackInfo:    f.FallbackInfo,
		SharedTransport: f.SharedTransport,
		ServerVersion:   f.ServerVersion,
	}
}

// checkSummary applies the summary rule of the fixture README to a parsed response: absent when
// include_summary is false, otherwise exactly the text its grammar gives for the response's own
// findings, capped_kinds and per_kind_limit. It removes "summary" from got and returns it.
func checkSummary(t *testing.T, got map[string]any, include bool) string {
	t.Helper()
	raw, present := got["summary"]
	delete(got, "summary")
	if !include {
		if present {
			t.Errorf("include_summary is false but summary is present: %v", raw)
		}
		return ""
	}
	summary, ok := raw.(string)
	if !present || !ok {
		t.Fatalf("include_summary is true but summary is %v", raw)
	}
	if want := grammarSummary(t, got); summary != want {
		t.Errorf("summary does not follow the fixture README's grammar:\n got %q\nwant %q", summary, want)
	}
	return summary
}

// grammarSummary renders the summary of a parsed response as the grammar of the fixture README
// defines it, written from the README alone (not from RenderFindingsSummary).
func grammarSummary(t *testing.T, resp map[string]any) string {
	t.Helper()
	findings, _ := resp["findings"].([]any)
	capped, _ := resp["capped_kinds"].([]any)
	lines := []string{fmt.Sprintf("Findings: %d returned (per_kind_limit %v).", len(findings), resp["per_kind_limit"])}
	var kinds []string
	count := map[string]int{}
	severityOf := map[string]string{}
	bySeverity := map[string]int{}
	for _, f := range findings {
		obj, _ := f.(map[string]any)
		kind, _ := obj["kind"].(string)
		sev, _ := obj["severity"].(string)
		if count[kind] == 0 {
			kinds = append(kinds, kind)
			severityOf[kind] = sev
		}
		count[kind]++
		bySeverity[sev]++
	}
	if len(findings) > 0 {
		var parts []string
		for _, sev := range []string{"critical", "warn", "info"} {
			if bySeverity[sev] > 0 {
				parts = append(parts, sev+" "+strconv.Itoa(bySeverity[sev]))
			}
		}
		lines = append(lines, "By severity: "+strings.Join(parts, ", ")+".")
	}
	for _, k := range kinds {
		lines = append(lines, "- "+k+" ("+severityOf[k]+"): "+strconv.Itoa(count[k]))
	}
	if len(capped) > 0 {
		names := make([]string, len(capped))
		for i, c := range capped {
			names[i], _ = c.(string)
		}
		lines = append(lines, "Capped (more exist than returned): "+strings.Join(names, ", ")+".")
	}
	return strings.Join(lines, "\n")
}

// trimmingDetector serves output as a detector honouring PerKindFetch would: at most
// PerKindFetch findings of each kind, in detector order.
func trimmingDetector(output []skill.RawFinding, gotQuery *skill.DetectorQuery) skill.FindingsDetector {
	return skill.DetectorFunc(func(_ context.Context, q skill.DetectorQuery) ([]skill.RawFinding, error) {
		if gotQuery != nil {
			*gotQuery = q
		}
		seen := map[string]int{}
		var out []skill.RawFinding
		for _, f := range output {
			if seen[f.Kind] < q.PerKindFetch {
				out = append(out, f)
			}
			seen[f.Kind]++
		}
		return out, nil
	})
}

func marshalParsed(t *testing.T, resp skill.FindingsResponse) ([]byte, map[string]any) {
	t.Helper()
	data, err := json.Marshal(resp)
	if err != nil {
		t.Fatalf("marshal response: %v", err)
	}
	got, ok := decodeJSON(t, data).(map[string]any)
	if !ok {
		t.Fatalf("response is not a JSON object: %s", data)
	}
	return data, got
}

// TestConformanceFixtures runs every conformance/superauditor/v1/*.json case (§9, C1–C5, C8).
func TestConformanceFixtures(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 25 {
		t.Fatalf("found %d fixtures in %s, want at least 25", len(paths), fixtureDir)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".json"), func(t *testing.T) {
			f := loadFixture(t, path)
			t.Log(f.Description)
			before := snapshot(t, f.DetectorOutput, f.SeverityMap)
			params := f.params()
			resp, err := skill.BuildFindingsResponse(f.DetectorOutput, params, f.options())
			if after := snapshot(t, f.DetectorOutput, f.SeverityMap); after != before {
				t.Errorf("inputs were modified")
			}
			if f.ExpectedError {
				if err == nil {
					t.Fatalf("want an error, got none")
				}
				t.Logf("error: %v", err)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if err := resp.Validate(); err != nil {
				t.Errorf("response does not validate: %v", err)
			}
			data, got := marshalParsed(t, resp)
			summary := checkSummary(t, got, f.IncludeSummary)
			if f.IncludeSummary && summary != skill.RenderFindingsSummary(resp) {
				t.Errorf("summary is not RenderFindingsSummary(response)")
			}
			if diff := cmp.Diff(f.Expected, any(got), numbersByValue); diff != "" {
				t.Errorf("response mismatch (-want +got):\n%s", diff)
			}

			// The detector path (fetch per_kind_limit+1, §6) gives byte-identical output.
			var q skill.DetectorQuery
			viaDetector, err := skill.GetSessionFindings(context.Background(), trimmingDetector(f.DetectorOutput, &q), params, f.options())
			if err != nil {
				t.Fatalf("GetSessionFindings: %v", err)
			}
			if q.PerKindFetch != int(f.PerKindLimit)+1 {
				t.Errorf("detector asked for %d per kind, want %d", q.PerKindFetch, f.PerKindLimit+1)
			}
			data2, _ := marshalParsed(t, viaDetector)
			if !bytes.Equal(data, data2) {
				t.Errorf("detector path differs:\n%s\n%s", data, data2)
			}
		})
	}
}

// snapshot renders the inputs to text so a later change is visible.
func snapshot(t *testing.T, out []skill.RawFinding, m skill.SeverityMap) string {
	t.Helper()
	b, err := json.Marshal(struct {
		Out []skill.RawFinding
		Map skill.SeverityMap
	}{out, m})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ---------------------------------------------------------------------------------------------
// Property-based cases and the reference model used by TestC1–TestC3.

var propKinds = []string{"stale_pending", "duplicate_pending", "orphan_record", "k_d", "k_e"}

type propCase struct {
	output []skill.RawFinding
	limit  int64
	smap   skill.SeverityMap
}

func genPropCase(t *rapid.T) propCase {
	smap := skill.SeverityMap{}
	for _, k := range propKinds {
		smap[k] = rapid.SampledFrom(skill.SeverityValues).Draw(t, "severity_"+k)
	}
	n := rapid.IntRange(0, 40).Draw(t, "n")
	out := make([]skill.RawFinding, n)
	for i := range out {
		out[i] = skill.RawFinding{
			Kind:    rapid.SampledFrom(propKinds).Draw(t, "kind"),
			Payload: map[string]any{"seq": json.Number(strconv.Itoa(i)), "nested": map[string]any{"ids": []any{json.Number("1"), "x"}}},
		}
	}
	return propCase{output: out, limit: int64(rapid.IntRange(0, 7).Draw(t, "limit")), smap: smap}
}

func (c propCase) build(t *rapid.T) skill.FindingsResponse {
	limit := c.limit
	resp, err := skill.BuildFindingsResponse(c.output, skill.GetSessionFindingsParams{PerKindLimit: &limit},
		skill.FindingsOptions{Severities: c.smap, ServerVersion: "1.0.0"})
	if err != nil {
		t.Fatalf("BuildFindingsResponse: %v", err)
	}
	if err := resp.Validate(); err != nil {
		t.Fatalf("response does not validate: %v", err)
	}
	return resp
}

// TestC1Truncation: no kind exceeds per_kind_limit, and the returned findings are the first
// per_kind_limit of each kind in detector order (§6, C1).
func TestC1Truncation(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPropCase(t)
		resp := c.build(t)
		perKind := map[string]int64{}
		for _, f := range resp.Findings {
			perKind[f.Kind]++
			if perKind[f.Kind] > c.limit {
				t.Fatalf("kind %q has %d findings, limit %d", f.Kind, perKind[f.Kind], c.limit)
			}
		}
		var want []string
		seen := map[string]int64{}
		for _, f := range c.output {
			if seen[f.Kind] < c.limit {
				want = append(want, f.Kind+"#"+string(f.Payload["seq"].(json.Number)))
			}
			seen[f.Kind]++
		}
		var got []string
		for _, f := range resp.Findings {
			got = append(got, f.Kind+"#"+string(f.AdditionalProperties["seq"]))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("returned set (-want +got):\n%s", diff)
		}
	})
}

// TestC2CappedExact: capped_kinds lists exactly the kinds with more findings than returned,
// decided by observation, including the count == limit boundary (§6, C2).
func TestC2CappedExact(t *testing.T) {
	t.Run("boundary", func(t *testing.T) {
		for _, limit := range []int64{0, 1, 5, 20} {
			for _, n := range []int64{limit - 1, limit, limit + 1, limit + 2} {
				if n < 0 {
					continue
				}
				var out []skill.RawFinding
				for i := range n {
					out = append(out, skill.RawFinding{Kind: "stale_pending", Payload: map[string]any{"i": i}})
				}
				resp, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{PerKindLimit: &limit},
					skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityInfo}, ServerVersion: "1"})
				if err != nil {
					t.Fatal(err)
				}
				want := []string{}
				if n > limit {
					want = []string{"stale_pending"}
				}
				if diff := cmp.Diff(want, resp.CappedKinds); diff != "" {
					t.Errorf("limit %d, %d findings: capped_kinds (-want +got):\n%s", limit, n, diff)
				}
				if got := int64(len(resp.Findings)); got != min(n, limit) {
					t.Errorf("limit %d, %d findings: returned %d", limit, n, got)
				}
			}
		}
	})
	t.Run("observed-through-detector", func(t *testing.T) {
		// The detector holds 5 (at limit), 6 (one over) and 500 findings of three kinds.
		var all []skill.RawFinding
		for kind, n := range map[string]int{"at_limit": 5, "one_over": 6, "many": 500} {
			for i := range n {
				all = append(all, skill.RawFinding{Kind: kind, Payload: map[string]any{"i": i}})
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].Kind < all[j].Kind })
		var q skill.DetectorQuery
		resp, err := skill.GetSessionFindings(context.Background(), trimmingDetector(all, &q), skill.GetSessionFindingsParams{},
			skill.FindingsOptions{FallbackInfo: true, ServerVersion: "1"})
		if err != nil {
			t.Fatal(err)
		}
		if q.PerKindFetch != skill.DefaultPerKindLimit+1 {
			t.Errorf("PerKindFetch = %d, want %d", q.PerKindFetch, skill.DefaultPerKindLimit+1)
		}
		if diff := cmp.Diff([]string{"many", "one_over"}, resp.CappedKinds); diff != "" {
			t.Errorf("capped_kinds (-want +got):\n%s", diff)
		}
	})
	t.Run("property", func(t *testing.T) {
		rapid.Check(t, func(t *rapid.T) {
			c := genPropCase(t)
			resp := c.build(t)
			count := map[string]int64{}
			var order []string
			for _, f := range c.output {
				if count[f.Kind] == 0 {
					order = append(order, f.Kind)
				}
				count[f.Kind]++
			}
			want := []string{}
			for _, k := range order {
				if count[k] > c.limit {
					want = append(want, k)
				}
			}
			if diff := cmp.Diff(want, resp.CappedKinds); diff != "" {
				t.Fatalf("capped_kinds (-want +got):\n%s", diff)
			}
		})
	})
}

// TestC3Counts: total, counts_by_kind and counts_by_severity are computed over the returned
// set and match findings; empty results marshal as {} and [] (§5.2, C3).
func TestC3Counts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPropCase(t)
		resp := c.build(t)
		if resp.Total != int64(len(resp.Findings)) {
			t.Fatalf("total %d, %d findings", resp.Total, len(resp.Findings))
		}
		byKind, bySeverity := map[string]int64{}, map[string]int64{}
		for _, f := range resp.Findings {
			byKind[f.Kind]++
			bySeverity[string(f.Severity)]++
		}
		if diff := cmp.Diff(byKind, resp.CountsByKind); diff != "" {
			t.Fatalf("counts_by_kind (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(bySeverity, resp.CountsBySeverity); diff != "" {
			t.Fatalf("counts_by_severity (-want +got):\n%s", diff)
		}
	})
	resp, err := skill.BuildFindingsResponse(nil, skill.GetSessionFindingsParams{}, skill.FindingsOptions{ServerVersion: "1"})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"findings":[]`, `"total":0`, `"counts_by_kind":{}`, `"counts_by_severity":{}`, `"capped_kinds":[]`, `"per_kind_limit":5`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("empty response %s lacks %s", data, want)
		}
	}
}

// TestC4SeverityFromStaticMap: severity comes from the static map, the same kind always gets
// the same severity, and a detector cannot set a per-finding severity (§4, C4).
func TestC4SeverityFromStaticMap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPropCase(t)
		resp := c.build(t)
		for _, f := range resp.Findings {
			if f.Severity != c.smap[f.Kind] {
				t.Fatalf("kind %q got %q, map says %q", f.Kind, f.Severity, c.smap[f.Kind])
			}
		}
	})
	_, err := skill.BuildFindingsResponse(
		[]skill.RawFinding{{Kind: "stale_pending", Payload: map[string]any{"severity": "critical"}}},
		skill.GetSessionFindingsParams{},
		skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityInfo}, ServerVersion: "1"})
	if !errors.Is(err, skill.ErrDetectorOutput) {
		t.Errorf("payload with its own severity: err = %v, want ErrDetectorOutput", err)
	}
	_, err = skill.BuildFindingsResponse(
		[]skill.RawFinding{{Kind: "stale_pending", Payload: map[string]any{"ratio": math.NaN()}}},
		skill.GetSessionFindingsParams{},
		skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityInfo}, ServerVersion: "1"})
	if !errors.Is(err, skill.ErrDetectorOutput) || !strings.Contains(err.Error(), `"ratio"`) {
		t.Errorf("payload value JSON cannot hold: err = %v, want ErrDetectorOutput naming \"ratio\"", err)
	}
	if s, ok := (skill.SeverityMap{"x": "high"}).Lookup("x"); ok {
		t.Errorf("Lookup accepted an entry outside the vocabulary: %q", s)
	}
}

// TestC5FallbackInfo: with the fallback an unmapped kind resolves to info, never anything
// stronger; without it the kinds are named in an error (§4, C5).
func TestC5FallbackInfo(t *testing.T) {
	smap := skill.SeverityMap{"known": skill.SeverityCritical}
	out := []skill.RawFinding{{Kind: "zeta"}, {Kind: "known"}, {Kind: "alpha"}, {Kind: "zeta"}}
	resp, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{},
		skill.FindingsOptions{Severities: smap, FallbackInfo: true, ServerVersion: "1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range resp.Findings {
		want := skill.SeverityInfo
		if f.Kind == "known" {
			want = skill.SeverityCritical
		}
		if f.Severity != want {
			t.Errorf("kind %q: severity %q, want %q", f.Kind, f.Severity, want)
		}
	}
	_, err = skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{},
		skill.FindingsOptions{Severities: smap, ServerVersion: "1"})
	var mapErr *skill.SeverityMapError
	if !errors.As(err, &mapErr) {
		t.Fatalf("without fallback: err = %v, want *SeverityMapError", err)
	}
	if diff := cmp.Diff([]string{"zeta", "alpha"}, mapErr.Unmapped); diff != "" {
		t.Errorf("unmapped kinds (-want +got):\n%s", diff)
	}
	for _, k := range []string{"zeta", "alpha"} {
		if !strings.Contains(err.Error(), strconv.Quote(k)) {
			t.Errorf("error %q does not name %q", err, k)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		kind := rapid.StringMatching(`[a-z_]{1,12}`).Draw(t, "kind")
		s, err := skill.SeverityMap{}.Resolve(kind, true)
		if err != nil || s != skill.SeverityInfo {
			t.Fatalf("Resolve(%q, fallback) = %q, %v; want info", kind, s, err)
		}
	})
}

// TestC6Coverage: the coverage check fails naming every probe kind without an entry, in a
// deterministic (sorted) order (§4, C6). A server runs exactly this against its registry.
func TestC6Coverage(t *testing.T) {
	registry := []string{"stale_pending", "zz_new_probe", "duplicate_pending", "aa_new_probe", "zz_new_probe", "mm_bad_entry"}
	smap := skill.SeverityMap{"stale_pending": skill.SeverityInfo, "duplicate_pending": skill.SeverityWarn, "mm_bad_entry": "urgent"}
	err := smap.Covers(registry)
	var mapErr *skill.SeverityMapError
	if !errors.As(err, &mapErr) {
		t.Fatalf("Covers = %v, want *SeverityMapError", err)
	}
	if diff := cmp.Diff([]string{"aa_new_probe", "zz_new_probe"}, mapErr.Unmapped); diff != "" {
		t.Errorf("unmapped (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"mm_bad_entry"}, mapErr.Invalid); diff != "" {
		t.Errorf("invalid (-want +got):\n%s", diff)
	}
	for _, k := range []string{"aa_new_probe", "zz_new_probe", "mm_bad_entry"} {
		if !strings.Contains(err.Error(), strconv.Quote(k)) {
			t.Errorf("error %q does not name %q", err, k)
		}
	}
	if again := smap.Covers(reversed(registry)); again.Error() != err.Error() {
		t.Errorf("order depends on the registry order: %q vs %q", again, err)
	}
	smap["aa_new_probe"], smap["zz_new_probe"], smap["mm_bad_entry"] = skill.SeverityInfo, skill.SeverityInfo, skill.SeverityWarn
	if err := smap.Covers(registry); err != nil {
		t.Errorf("full coverage: %v", err)
	}
	if err := (skill.SeverityMap{}).Covers(nil); err != nil {
		t.Errorf("empty registry: %v", err)
	}
	// §4: lexical-match probes must stay info.
	err = skill.SeverityMap{"keyword_hit": skill.SeverityWarn, "ok": skill.SeverityInfo}.CheckLexicalProbes([]string{"ok", "keyword_hit"})
	if err == nil || !strings.Contains(err.Error(), `"keyword_hit"`) {
		t.Errorf("CheckLexicalProbes = %v, want an error naming keyword_hit", err)
	}
}

func reversed(s []string) []string {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

type callerProjectKey struct{}

// TestC7NoIsolationFilter: findings are not filtered by the caller's isolation axis (§7, C7).
// The detector is asked only for the session key and the fetch size; whatever it returns, for
// any project, agent or tenant, is delivered.
func TestC7NoIsolationFilter(t *testing.T) {
	var fields []string
	for f := range reflect.TypeFor[skill.DetectorQuery]().Fields() {
		fields = append(fields, f.Name)
	}
	if diff := cmp.Diff([]string{"SessionKey", "PerKindFetch"}, fields); diff != "" {
		t.Errorf("DetectorQuery fields changed; it must not carry an isolation axis (-want +got):\n%s", diff)
	}
	out := []skill.RawFinding{
		{Kind: "stale_pending", Payload: map[string]any{"project": "alpha", "id": 1}},
		{Kind: "stale_pending", Payload: map[string]any{"project": "beta", "id": 2}},
		{Kind: "stale_pending", Payload: map[string]any{"tenant": "other", "agent": "someone-else", "id": 3}},
		{Kind: "duplicate_pending", Payload: map[string]any{"project": "gamma", "id": 4}},
	}
	// The caller reads project "alpha" (as every other read of the server would filter by).
	ctx := context.WithValue(context.Background(), callerProjectKey{}, "alpha")
	key := "caller-session"
	resp, err := skill.GetSessionFindings(ctx, trimmingDetector(out, nil), skill.GetSessionFindingsParams{SessionKey: &key},
		skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityInfo, "duplicate_pending": skill.SeverityWarn}, ServerVersion: "1"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, f := range resp.Findings {
		ids = append(ids, string(f.AdditionalProperties["id"]))
	}
	if diff := cmp.Diff([]string{"1", "2", "3", "4"}, ids); diff != "" {
		t.Errorf("findings were filtered (-want +got):\n%s", diff)
	}
}

// TestC8IdentityShared: identity_shared is true exactly on a shared transport without a
// declared session_key, and omitted otherwise (§7, C8). The declared key reaches the detector.
func TestC8IdentityShared(t *testing.T) {
	key := "client-7"
	for _, tc := range []struct {
		shared bool
		key    *string
		want   bool
	}{{true, nil, true}, {true, &key, false}, {false, nil, false}, {false, &key, false}} {
		var q skill.DetectorQuery
		resp, err := skill.GetSessionFindings(context.Background(), trimmingDetector(nil, &q),
			skill.GetSessionFindingsParams{SessionKey: tc.key}, skill.FindingsOptions{SharedTransport: tc.shared, ServerVersion: "1"})
		if err != nil {
			t.Fatal(err)
		}
		data, got := marshalParsed(t, resp)
		v, present := got["identity_shared"]
		if tc.want && (!present || v != true) {
			t.Errorf("shared=%v key=%v: want identity_shared true, got %s", tc.shared, tc.key != nil, data)
		}
		if !tc.want && present {
			t.Errorf("shared=%v key=%v: want identity_shared omitted, got %s", tc.shared, tc.key != nil, data)
		}
		if err := resp.Validate(); err != nil {
			t.Errorf("invalid response: %v", err)
		}
		if (q.SessionKey == nil) != (tc.key == nil) || (q.SessionKey != nil && *q.SessionKey != key) {
			t.Errorf("detector got session key %v, want %v", q.SessionKey, tc.key)
		}
	}
}

// TestFindingRoundTrip: parse → marshal of a Finding keeps payload keys of every JSON type,
// including integers beyond 2^53 and nested objects (§3).
func TestFindingRoundTrip(t *testing.T) {
	in := []byte(`{"kind":"stale_pending","severity":"warn","s":"t\u00e9xt \"q\"","i":6,"neg":-42,` +
		`"big":9007199254740993,"huge":123456789012345678901234567890,"f":0.439,"e":2.5e-08,` +
		`"t":true,"no":false,"nil":null,"arr":[1,"two",[3],{"four":4}],"obj":{"a":{"b":[9007199254740993,{"c":null}]}},"emptyA":[],"emptyO":{}}`)
	f, err := skill.ParseFinding(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(decodeJSON(t, in), decodeJSON(t, out)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	for _, lit := range []string{"9007199254740993", "123456789012345678901234567890", "2.5e-08"} {
		if !bytes.Contains(out, []byte(lit)) {
			t.Errorf("literal %s lost: %s", lit, out)
		}
	}
	if !bytes.HasPrefix(out, []byte(`{"kind":"stale_pending","severity":"warn",`)) {
		t.Errorf("kind and severity not first: %s", out)
	}
	again, err := skill.ParseFinding(out)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(f, again); diff != "" {
		t.Errorf("second parse (-first +second):\n%s", diff)
	}
	// A delivered finding round-trips too.
	payload := decodeJSON(t, in).(map[string]any)
	delete(payload, "kind")
	delete(payload, "severity")
	resp, err := skill.BuildFindingsResponse([]skill.RawFinding{{Kind: "stale_pending", Payload: payload}},
		skill.GetSessionFindingsParams{}, skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityWarn}, ServerVersion: "1"})
	if err != nil {
		t.Fatal(err)
	}
	delivered, err := json.Marshal(resp.Findings[0])
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(decodeJSON(t, in), decodeJSON(t, delivered)); diff != "" {
		t.Errorf("delivered finding (-want +got):\n%s", diff)
	}
	data, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := skill.ParseFindingsResponse(data)
	if err != nil {
		t.Fatalf("ParseFindingsResponse: %v", err)
	}
	if diff := cmp.Diff(resp, parsed); diff != "" {
		t.Errorf("response round trip (-want +got):\n%s", diff)
	}
}

// TestInputsNotModified: the delivery function never changes its inputs, and the response
// shares no payload map or slice with them.
func TestInputsNotModified(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genPropCase(t)
		snap := func() string {
			b, _ := json.Marshal(struct {
				O []skill.RawFinding
				M skill.SeverityMap
			}{c.output, c.smap})
			return string(b)
		}
		before := snap()
		resp := c.build(t)
		for _, f := range resp.Findings {
			f.AdditionalProperties["seq"][0] = '!'
			f.AdditionalProperties["nested"] = json.RawMessage(`"changed"`)
		}
		if after := snap(); after != before {
			t.Fatalf("inputs changed:\n%s\n%s", before, after)
		}
	})
}

// TestPerKindLimitBounds: 0..10000 is accepted, 5 is the default, anything else is refused.
func TestPerKindLimitBounds(t *testing.T) {
	// The defaults of §5.1: per_kind_limit 5, include_summary true, in the constant and in the
	// generated parameter type alike.
	var none skill.GetSessionFindingsParams
	if skill.DefaultPerKindLimit != 5 || none.GetPerKindLimit() != 5 || !none.GetIncludeSummary() {
		t.Errorf("defaults: DefaultPerKindLimit %d, GetPerKindLimit %d, GetIncludeSummary %v; §5.1 says 5 and true",
			skill.DefaultPerKindLimit, none.GetPerKindLimit(), none.GetIncludeSummary())
	}
	opts := skill.FindingsOptions{FallbackInfo: true, ServerVersion: "1"}
	out := []skill.RawFinding{{Kind: "a"}, {Kind: "a"}}
	for _, limit := range []int64{-1, skill.MaxPerKindLimit + 1, -1 << 62} {
		_, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{PerKindLimit: &limit}, opts)
		if !errors.Is(err, skill.ErrFindingsParams) {
			t.Errorf("limit %d: err = %v, want ErrFindingsParams", limit, err)
		}
		called := false
		_, err = skill.GetSessionFindings(context.Background(), skill.DetectorFunc(func(context.Context, skill.DetectorQuery) ([]skill.RawFinding, error) {
			called = true
			return nil, nil
		}), skill.GetSessionFindingsParams{PerKindLimit: &limit}, opts)
		if !errors.Is(err, skill.ErrFindingsParams) || called {
			t.Errorf("GetSessionFindings limit %d: err = %v, detector called %v", limit, err, called)
		}
	}
	for _, limit := range []int64{0, 1, skill.MaxPerKindLimit} {
		resp, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{PerKindLimit: &limit}, opts)
		if err != nil || resp.PerKindLimit != limit {
			t.Errorf("limit %d: per_kind_limit %d, err %v", limit, resp.PerKindLimit, err)
		}
	}
	resp, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{}, opts)
	if err != nil || resp.PerKindLimit != skill.DefaultPerKindLimit || resp.Summary == nil {
		t.Errorf("defaults: per_kind_limit %d, summary %v, err %v", resp.PerKindLimit, resp.Summary, err)
	}
	empty := ""
	if _, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{SessionKey: &empty}, opts); !errors.Is(err, skill.ErrFindingsParams) {
		t.Errorf("empty session_key: err = %v", err)
	}
	for _, version := range []string{"", strings.Repeat("v", 129)} {
		if _, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{}, skill.FindingsOptions{FallbackInfo: true, ServerVersion: version}); err == nil {
			t.Errorf("server version of %d characters: want an error", len(version))
		}
	}
	boom := errors.New("boom")
	_, err = skill.GetSessionFindings(context.Background(), skill.DetectorFunc(func(context.Context, skill.DetectorQuery) ([]skill.RawFinding, error) {
		return nil, boom
	}), skill.GetSessionFindingsParams{}, opts)
	if !errors.Is(err, boom) {
		t.Errorf("detector error not wrapped: %v", err)
	}
}

// TestRenderFindingsSummary pins the documented summary format.
func TestRenderFindingsSummary(t *testing.T) {
	limit := int64(2)
	out := []skill.RawFinding{
		{Kind: "stale_pending"}, {Kind: "duplicate_pending"}, {Kind: "stale_pending"}, {Kind: "stale_pending"},
	}
	resp, err := skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{PerKindLimit: &limit},
		skill.FindingsOptions{Severities: skill.SeverityMap{"stale_pending": skill.SeverityInfo, "duplicate_pending": skill.SeverityWarn}, ServerVersion: "1"})
	if err != nil {
		t.Fatal(err)
	}
	want := "Findings: 3 returned (per_kind_limit 2).\n" +
		"By severity: warn 1, info 2.\n" +
		"- stale_pending (info): 2\n" +
		"- duplicate_pending (warn): 1\n" +
		"Capped (more exist than returned): stale_pending."
	if resp.Summary == nil || *resp.Summary != want {
		t.Errorf("summary:\n%v\nwant:\n%s", resp.Summary, want)
	}
	if got := skill.RenderFindingsSummary(skill.FindingsResponse{PerKindLimit: 5}); got != "Findings: 0 returned (per_kind_limit 5)." {
		t.Errorf("empty summary: %q", got)
	}
	no := false
	resp, _ = skill.BuildFindingsResponse(out, skill.GetSessionFindingsParams{IncludeSummary: &no},
		skill.FindingsOptions{FallbackInfo: true, ServerVersion: "1"})
	if resp.Summary != nil {
		t.Errorf("include_summary=false: summary %q", *resp.Summary)
	}
}

// TestSeverityOrder: critical > warn > info (§4).
func TestSeverityOrder(t *testing.T) {
	order := []skill.Severity{skill.SeverityInfo, skill.SeverityWarn, skill.SeverityCritical}
	for i, a := range order {
		for j, b := range order {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := a.Compare(b); got != want {
				t.Errorf("%s.Compare(%s) = %d, want %d", a, b, got, want)
			}
		}
	}
	if skill.Severity("bogus").Rank() != 0 || skill.SeverityInfo.Rank() <= 0 {
		t.Errorf("Rank: unknown must rank below info")
	}
	s := []skill.Severity{skill.SeverityWarn, skill.SeverityInfo, skill.SeverityCritical}
	slices.SortFunc(s, skill.Severity.Compare)
	if diff := cmp.Diff(order, s); diff != "" {
		t.Errorf("sorted (-want +got):\n%s", diff)
	}
}
