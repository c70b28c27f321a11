package skill_test

// Rules of the specifications that the other tests of this package reach only through the
// package's own constants, or not at all: the push channel's fetch and cap (§6, §8), no cache
// on repeated calls (§5.1), the lexical-probe rule for every severity (§4), the Well-Known path
// as the literal the protocol documents name (Property 6), RFC 6901 escaping of "~" and "/" in
// error pointers (Property 4), and integers written with a fraction or an exponent (Properties 3
// and 4). Expected values come from the specifications' text, never from the package under
// test.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
	"github.com/skillgen/skillgen/gen/go/arbitrary"
)

// specDefaultPerKindLimit is the default per_kind_limit of SuperAuditor §5.1.
const specDefaultPerKindLimit = 5

// firstPerKind is the reference model of §6: the first n findings of each kind, in detector
// order.
func firstPerKind(out []skill.RawFinding, n int) []skill.RawFinding {
	kept := []skill.RawFinding{}
	seen := map[string]int{}
	for _, f := range out {
		if seen[f.Kind] < n {
			kept = append(kept, f)
		}
		seen[f.Kind]++
	}
	return kept
}

func seqOf(fs []skill.RawFinding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = fmt.Sprintf("%s#%v", f.Kind, f.Payload["seq"])
	}
	return out
}

// TestPushFetchAndCap: the broadcast asks the single detector for Broadcast.PerKindFetch
// findings of each kind, per_kind_limit + 1 with the default limit of §5.1 (6) when none is
// set, and renders at most that many of each kind, the first ones in detector order, even from
// a detector that returns more than it was asked for (§6, §8).
func TestPushFetchAndCap(t *testing.T) {
	property(t, "SuperAuditor §6, §8: the push asks the detector for per_kind_limit + 1 findings per kind (6 by default) and renders the first that many of each kind", func(rt *rapid.T) {
		c := genPropCase(rt)
		set := rapid.IntRange(0, 8).Draw(rt, "Broadcast.PerKindFetch (0: unset)")
		want := set
		if set == 0 {
			want = specDefaultPerKindLimit + 1
		}
		var queries []skill.DetectorQuery
		// A detector that ignores PerKindFetch and returns everything: the push must trim.
		detector := skill.DetectorFunc(func(_ context.Context, q skill.DetectorQuery) ([]skill.RawFinding, error) {
			queries = append(queries, q)
			return c.output, nil
		})
		var rendered []skill.RawFinding
		a := skill.Auditor{
			Detector: detector,
			Options:  skill.FindingsOptions{Severities: c.smap, ServerVersion: "1"},
			Broadcast: skill.Broadcast{PerKindFetch: set, Key: "_findings", Render: func(fs []skill.RawFinding) ([]byte, error) {
				rendered = fs
				return []byte(`{}`), nil
			}},
		}
		if _, err := a.Push(context.Background(), "list_tasks", nil, []byte(`{"tasks":[]}`)); err != nil {
			rt.Fatal(err)
		}
		if len(queries) != 1 || queries[0].PerKindFetch != want || queries[0].SessionKey != nil {
			rt.Fatalf("detector queries %+v, want one asking for %d per kind", queries, want)
		}
		if diff := cmp.Diff(seqOf(firstPerKind(c.output, want)), seqOf(rendered)); diff != "" {
			rt.Fatalf("rendered findings (-want +got):\n%s", diff)
		}
	})
	// A negative fetch is refused before the detector runs.
	calls := 0
	a := skill.Auditor{
		Detector:  skill.DetectorFunc(func(context.Context, skill.DetectorQuery) ([]skill.RawFinding, error) { calls++; return nil, nil }),
		Broadcast: skill.Broadcast{PerKindFetch: -1, Render: func([]skill.RawFinding) ([]byte, error) { return []byte(`{}`), nil }},
	}
	if _, err := a.Push(context.Background(), "list_tasks", nil, []byte(`{}`)); err == nil || calls != 0 {
		t.Errorf("PerKindFetch -1: err %v, %d detector calls; want an error and none", err, calls)
	}
}

// TestNoCacheOnRepeatedCalls: every call of the pull tool, and every push, runs the detector
// and answers from what it returns now; nothing is served from an earlier call (§5.1: the
// server MUST NOT second-guess the consumer with stale cached results).
func TestNoCacheOnRepeatedCalls(t *testing.T) {
	property(t, "SuperAuditor §5.1: repeated get_session_findings calls and pushes each run the detector and reflect its current output", func(rt *rapid.T) {
		smap := skill.SeverityMap{}
		for _, k := range propKinds {
			smap[k] = rapid.SampledFrom(skill.SeverityValues).Draw(rt, "severity_"+k)
		}
		n := rapid.IntRange(2, 5).Draw(rt, "calls")
		outputs := make([][]skill.RawFinding, n)
		for i := range outputs {
			m := rapid.IntRange(0, 8).Draw(rt, "findings")
			for j := 0; j < m; j++ {
				outputs[i] = append(outputs[i], skill.RawFinding{
					Kind:    rapid.SampledFrom(propKinds).Draw(rt, "kind"),
					Payload: map[string]any{"seq": json.Number(strconv.Itoa(100*i + j))},
				})
			}
		}
		limit := int64(rapid.IntRange(0, 6).Draw(rt, "limit"))
		params := skill.GetSessionFindingsParams{PerKindLimit: &limit}
		opts := skill.FindingsOptions{Severities: smap, ServerVersion: "1"}
		call := 0
		detector := skill.DetectorFunc(func(context.Context, skill.DetectorQuery) ([]skill.RawFinding, error) {
			out := outputs[call%n]
			call++
			return out, nil
		})
		var rendered []skill.RawFinding
		a := skill.Auditor{Detector: detector, Options: opts, Broadcast: skill.Broadcast{
			PerKindFetch: 1 << 20, Key: "_findings",
			Render: func(fs []skill.RawFinding) ([]byte, error) { rendered = fs; return []byte(`{}`), nil },
		}}
		for i := 0; i < n; i++ {
			want, err := skill.BuildFindingsResponse(outputs[i], params, opts)
			if err != nil {
				rt.Fatal(err)
			}
			var got skill.FindingsResponse
			if rapid.Bool().Draw(rt, "through the Auditor") {
				got, err = a.GetSessionFindings(context.Background(), params)
			} else {
				got, err = skill.GetSessionFindings(context.Background(), detector, params, opts)
			}
			if err != nil {
				rt.Fatal(err)
			}
			if call != i+1 {
				rt.Fatalf("call %d: the detector ran %d times in all, want %d", i, call, i+1)
			}
			if diff := cmp.Diff(mustJSON(rt, want), mustJSON(rt, got)); diff != "" {
				rt.Fatalf("call %d answered from another detector output (-want +got):\n%s", i, diff)
			}
		}
		// The push too runs the detector on every call.
		for i := 0; i < n; i++ {
			call = i
			if _, err := a.Push(context.Background(), "list_tasks", nil, []byte(`{}`)); err != nil {
				rt.Fatal(err)
			}
			if call != i+1 || !slices.Equal(seqOf(outputs[i]), seqOf(rendered)) {
				rt.Fatalf("push %d rendered %v, want %v", i, seqOf(rendered), seqOf(outputs[i]))
			}
		}
	})
}

// TestLexicalProbesEverySeverity: a probe whose evidence is only a lexical match must never be
// warn or critical (§4). CheckLexicalProbes names exactly the listed kinds mapped to warn or
// critical, and accepts a list whose kinds are all info or unmapped.
func TestLexicalProbesEverySeverity(t *testing.T) {
	property(t, "SuperAuditor §4: lexical-match probes are refused when warn or critical, accepted when info", func(rt *rapid.T) {
		kinds := []string{"keyword_hit", "grep_match", "name_like", "token_seen", "regex_probe"}
		smap := skill.SeverityMap{}
		entries := map[string]string{}
		for _, k := range kinds {
			s := rapid.SampledFrom([]string{"critical", "warn", "info", "unmapped"}).Draw(rt, "severity of "+k)
			entries[k] = s
			if s != "unmapped" {
				smap[k] = skill.Severity(s)
			}
		}
		lexical := rapid.SliceOfN(rapid.SampledFrom(kinds), 0, 7).Draw(rt, "lexical kinds")
		var bad []string
		for _, k := range kinds { // kinds is sorted by neither name nor severity: sort below
			if slices.Contains(lexical, k) && (entries[k] == "warn" || entries[k] == "critical") {
				bad = append(bad, k)
			}
		}
		slices.Sort(bad)
		err := smap.CheckLexicalProbes(lexical)
		if len(bad) == 0 {
			if err != nil {
				rt.Fatalf("CheckLexicalProbes(%q) with %v = %v, want nil", lexical, entries, err)
			}
			return
		}
		if err == nil {
			rt.Fatalf("CheckLexicalProbes(%q) with %v = nil, want an error naming %q", lexical, entries, bad)
		}
		msg := err.Error()
		for _, k := range kinds {
			named := strings.Contains(msg, strconv.Quote(k))
			if named != slices.Contains(bad, k) {
				rt.Fatalf("error %q: names %q = %v, want %v", msg, k, named, !named)
			}
			if named && !strings.Contains(msg, strconv.Quote(k)+" is "+entries[k]) {
				rt.Fatalf("error %q does not give the severity of %q (%s)", msg, k, entries[k])
			}
		}
		// Sorted by kind, whatever the order of the list.
		at := -1
		for _, k := range bad {
			i := strings.Index(msg, strconv.Quote(k))
			if i < at {
				rt.Fatalf("error %q does not list %q in sorted order", msg, bad)
			}
			at = i
		}
	})
	for _, s := range []skill.Severity{skill.SeverityCritical, skill.SeverityWarn} {
		if err := (skill.SeverityMap{"keyword_hit": s}).CheckLexicalProbes([]string{"keyword_hit"}); err == nil {
			t.Errorf("a lexical probe mapped to %s is accepted", s)
		}
	}
	if err := (skill.SeverityMap{"keyword_hit": skill.SeverityInfo}).CheckLexicalProbes([]string{"keyword_hit"}); err != nil {
		t.Errorf("a lexical probe mapped to info: %v", err)
	}
}

// TestWellKnownLiteral: the index lives at the literal path the protocol documents name
// (schema/SkillIndex.json, docs/protocol.md), under RFC 8615's /.well-known/, at the root of the
// provider's origin; a provider serves it, and descriptors, at those literal paths.
func TestWellKnownLiteral(t *testing.T) {
	const indexPath = "/.well-known/skills/index.json"
	if skill.WellKnownIndexPath != indexPath {
		t.Errorf("WellKnownIndexPath = %q, want %q", skill.WellKnownIndexPath, indexPath)
	}
	if skill.WellKnownDescriptorPrefix != "/.well-known/skills/descriptors/" {
		t.Errorf("WellKnownDescriptorPrefix = %q", skill.WellKnownDescriptorPrefix)
	}
	if got := skill.DescriptorPath("weather.forecast"); got != "/.well-known/skills/descriptors/weather.forecast.json" {
		t.Errorf("DescriptorPath = %q", got)
	}
	for origin, want := range map[string]string{
		"https://skills.example.com":                "https://skills.example.com" + indexPath,
		"https://skills.example.com/":               "https://skills.example.com" + indexPath,
		"https://skills.example.com/mirror/?q=1#f":  "https://skills.example.com" + indexPath,
		"http://127.0.0.1:8080/a/b":                 "http://127.0.0.1:8080" + indexPath,
		"https://skills.example.com:8443/mirror/x/": "https://skills.example.com:8443" + indexPath,
	} {
		if got, err := skill.IndexURL(origin); err != nil || got != want {
			t.Errorf("IndexURL(%q) = %q, %v; want %q", origin, got, err, want)
		}
	}
	h, err := skill.NewIndexHandler([]skill.SkillDescriptor{descriptor(t, "weather.forecast", skill.CapabilityTypeAPI, skill.AccessPublic)}, skill.HandlerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string) (int, []byte) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, body
	}
	status, body := get(indexPath)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d", indexPath, status)
	}
	index, err := skill.ParseSkillIndex(body)
	if err != nil || len(index.Skills) != 1 || index.Skills[0].DescriptorURL != "/.well-known/skills/descriptors/weather.forecast.json" {
		t.Fatalf("GET %s: %s (%v)", indexPath, body, err)
	}
	if status, body := get("/.well-known/skills/descriptors/weather.forecast.json"); status != http.StatusOK {
		t.Errorf("GET the descriptor: %d %s", status, body)
	}
}

// rfc6901Token is the reference token of key as RFC 6901 §3 writes it: "~" as "~0" and "/" as
// "~1", character by character (so a key "~1" is "~01", not "~1" nor "/").
func rfc6901Token(key string) string {
	var b strings.Builder
	for _, r := range key {
		switch r {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// rfc6901Unescape decodes a reference token (RFC 6901 §4: "~1" to "/" first, then "~0" to "~").
func rfc6901Unescape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
}

// TestPropertyPointerEscaping: an error inside a member whose name holds "~" or "/" names the
// field by an RFC 6901 pointer, "~" written "~0" and "/" written "~1", which decodes back to the
// member's name.
func TestPropertyPointerEscaping(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 4: a violation inside a member named with ~ or / is reported at its RFC 6901 pointer (~0, ~1)", func(rt *rapid.T) {
		key := rapid.StringOfN(rapid.SampledFrom([]rune{'~', '/', '0', '1', 'a', 'é', '~', '/'}), 1, 10, -1).Draw(rt, "member name")
		bad := rapid.SampledFrom([]string{"0", "-3", "1.5", `"2"`, "null"}).Draw(rt, "bad count")
		keyJSON := mustJSON(rt, key)
		doc := `{"findings":[],"total":0,"counts_by_kind":{` + string(keyJSON) + `:` + bad + `},"counts_by_severity":{},"capped_kinds":[],"per_kind_limit":5,"_meta":{"server_version":"1"}}`
		_, err := skill.ParseFindingsResponse([]byte(doc))
		var verrs skill.ValidationErrors
		if !errors.As(err, &verrs) || len(verrs) == 0 {
			rt.Fatalf("%s: error %v, want ValidationErrors", doc, err)
		}
		want := "/counts_by_kind/" + rfc6901Token(key)
		for _, v := range verrs {
			if v.Pointer != want {
				rt.Fatalf("%s: pointer %q, want %q", doc, v.Pointer, want)
			}
			if v.Message == "" {
				rt.Fatalf("%s: error at %q has no reason", doc, v.Pointer)
			}
		}
		if got := rfc6901Unescape(strings.TrimPrefix(verrs[0].Pointer, "/counts_by_kind/")); got != key {
			rt.Fatalf("pointer %q decodes to %q, want %q", verrs[0].Pointer, got, key)
		}
	})
}

// integerSpellings are other JSON spellings of the non-negative integer written digits (RFC
// 8259 numbers with a fraction or an exponent; JSON Schema's integer is a number with a zero
// fractional part, whatever its spelling).
func integerSpellings(digits string) []string {
	if digits == "0" {
		return []string{"0.0", "0.000", "0e0", "0E+0", "0e-1", "0.0E3"}
	}
	out := []string{digits + ".0", digits + ".000", digits + "e0", digits + "E+0", digits + "0e-1", digits + "00E-2"}
	if len(digits) > 1 {
		// 1234 as 1.234e3.
		out = append(out, digits[:1]+"."+digits[1:]+"e"+strconv.Itoa(len(digits)-1))
	}
	if trimmed := strings.TrimRight(digits, "0"); trimmed != "" && trimmed != digits {
		// 100 as 1e2 and 1E+2.
		k := strconv.Itoa(len(digits) - len(trimmed))
		out = append(out, trimmed+"e"+k, trimmed+"E+"+k)
	}
	return out
}

// respellIntegers rewrites, in the decoded document doc, the integer at each path (a path
// ending in "*" means every member of that object) with one of its other spellings.
func respellIntegers(rt *rapid.T, doc map[string]any, paths [][]string) {
	var walk func(v any, path []string)
	walk = func(v any, path []string) {
		obj, ok := v.(map[string]any)
		if !ok || len(path) == 0 {
			return
		}
		keys := []string{path[0]}
		if path[0] == "*" {
			keys = slices.Sorted(maps.Keys(obj))
		}
		for _, k := range keys {
			x, ok := obj[k]
			if !ok {
				continue
			}
			if len(path) > 1 {
				walk(x, path[1:])
				continue
			}
			n, ok := x.(json.Number)
			if !ok {
				rt.Fatalf("member %q is %T, want a number", k, x)
			}
			obj[k] = json.Number(rapid.SampledFrom(integerSpellings(string(n))).Draw(rt, "spelling of "+string(n)))
		}
	}
	for _, p := range paths {
		walk(doc, p)
	}
}

// TestPropertyIntegerSpellings: a document whose integers are written 1.0, 1e2 or 100E-2
// conforms (JSON Schema integers are numbers with a zero fractional part), parses, and yields
// the value of the plainly written document; written with a non-zero fraction, the same
// members fail naming the field.
func TestPropertyIntegerSpellings(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 4: integers written as 1.0, 1e2 or 100E-2 parse to the same value, non-integral numbers fail naming the field", func(rt *rapid.T) {
		type target struct {
			name  string
			value any
			paths [][]string
			parse func([]byte) (any, error)
		}
		d := arbitrary.SkillDescriptor().Draw(rt, "descriptor")
		if d.Endpoint.TimeoutMS == nil {
			ms := int64(rapid.IntRange(1, 3600000).Draw(rt, "timeout_ms"))
			d.Endpoint.TimeoutMS = &ms
		}
		targets := []target{
			{"SkillDescriptor", d, [][]string{{"endpoint", "timeout_ms"}},
				func(b []byte) (any, error) { return skill.ParseSkillDescriptor(b) }},
			{"FindingsResponse", arbitrary.FindingsResponse().Draw(rt, "response"),
				[][]string{{"total"}, {"per_kind_limit"}, {"counts_by_kind", "*"}, {"counts_by_severity", "*"}},
				func(b []byte) (any, error) { return skill.ParseFindingsResponse(b) }},
			{"GetSessionFindingsParams", arbitrary.GetSessionFindingsParams().Draw(rt, "params"), [][]string{{"per_kind_limit"}},
				func(b []byte) (any, error) { return skill.ParseGetSessionFindingsParams(b) }},
		}
		tg := targets[rapid.IntRange(0, len(targets)-1).Draw(rt, "type")]
		plain := mustJSON(rt, tg.value)
		want, err := tg.parse(plain)
		if err != nil {
			rt.Fatalf("%s %s: %v", tg.name, plain, err)
		}
		doc := decodeJSON(rt, plain).(map[string]any)
		respellIntegers(rt, doc, tg.paths)
		respelled := mustJSON(rt, doc)
		got, err := tg.parse(respelled)
		if err != nil {
			rt.Fatalf("%s with integers respelled %s: %v", tg.name, respelled, err)
		}
		if diff := cmp.Diff(mustJSON(rt, want), mustJSON(rt, got)); diff != "" {
			rt.Fatalf("%s %s parses to another value (-plain +respelled):\n%s", tg.name, respelled, diff)
		}
		// A fraction that is not zero is not an integer: the field is named.
		p := tg.paths[rapid.IntRange(0, len(tg.paths)-1).Draw(rt, "path")]
		if p[len(p)-1] == "*" {
			return
		}
		obj := doc
		for _, k := range p[:len(p)-1] {
			obj = obj[k].(map[string]any)
		}
		last := p[len(p)-1]
		obj[last] = json.Number(rapid.SampledFrom([]string{"1.5", "15E-1", "2.000001", "1e-1"}).Draw(rt, "fraction"))
		broken := mustJSON(rt, doc)
		_, err = tg.parse(broken)
		var verrs skill.ValidationErrors
		if !errors.As(err, &verrs) {
			rt.Fatalf("%s %s: error %v, want ValidationErrors", tg.name, broken, err)
		}
		pointer := "/" + strings.Join(p, "/")
		if !slices.ContainsFunc(verrs, func(v skill.ValidationError) bool { return v.Pointer == pointer && v.Message != "" }) {
			rt.Fatalf("%s %s: errors %v do not name %s", tg.name, broken, verrs, pointer)
		}
	})
}

// TestIfNoneMatchMalformed: If-None-Match (RFC 9110 §13.1.2) matches "*" or a listed entity tag
// (weak comparison); a malformed member, such as an unterminated quoted tag, ends the list
// without a match, and the request is answered at once whatever the header holds.
func TestIfNoneMatchMalformed(t *testing.T) {
	h, err := skill.NewIndexHandler([]skill.SkillDescriptor{descriptor(t, "weather.forecast", skill.CapabilityTypeAPI, skill.AccessPublic)}, skill.HandlerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	serve := func(inm string) *http.Response {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, skill.WellKnownIndexPath, nil)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		rec := httptest.NewRecorder()
		done := make(chan struct{})
		go func() { h.ServeHTTP(rec, req); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("If-None-Match %q: no answer within 10 s", inm)
		}
		return rec.Result()
	}
	etag := serve("").Header.Get("ETag")
	if len(etag) < 3 || etag[0] != '"' {
		t.Fatalf("ETag %q", etag)
	}
	for inm, want := range map[string]int{
		etag:                         http.StatusNotModified,
		"W/" + etag:                  http.StatusNotModified,
		`"other", ` + etag:           http.StatusNotModified,
		"*":                          http.StatusNotModified,
		`"other"`:                    http.StatusOK,
		`"unterminated`:              http.StatusOK,
		`W/"unterminated`:            http.StatusOK,
		`"other", "unterminated`:     http.StatusOK,
		`"unterminated, ` + etag:     http.StatusOK, // the quote runs on: no tag in it is etag
		"bare, " + etag:              http.StatusOK, // malformed: the rest is ignored
		`W/`:                         http.StatusOK,
		strings.Repeat(`"x", `, 1e4): http.StatusOK,
	} {
		if got := serve(inm).StatusCode; got != want {
			t.Errorf("If-None-Match %.60q: status %d, want %d", inm, got, want)
		}
	}
}
