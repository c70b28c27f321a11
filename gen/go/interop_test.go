package skill_test

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
)

// The consumer side accepts everything the standard allows a conforming server to send; the
// producer side (what a server built on this package sends) keeps narrower bounds of its own
// (schema/README.md, "What a consumer accepts and what a skillgen server sends").

// otherServerResponse is a response a conforming server other than ours may send: members a
// later minor version may add, identity_shared false (the standard says SHOULD omit), a limit
// above ours, and kinds and a server version longer than ours.
func otherServerResponse() string {
	long := strings.Repeat("k", 300)
	return `{"findings":[{"kind":"` + long + `","severity":"warn","n":1}],"total":1,` +
		`"counts_by_kind":{"` + long + `":1},"counts_by_severity":{"warn":1},` +
		`"capped_kinds":["` + long + `","other_kind"],"per_kind_limit":50000,` +
		`"identity_shared":false,"next_cursor":"abc","x-stats":{"ms":3},` +
		`"_meta":{"server_version":"` + strings.Repeat("v", 500) + `","region":"eu"}}`
}

// TestConsumerAcceptsWhatTheStandardAllows: ParseFindingsResponse accepts the response of another
// conforming server and keeps the members it does not know when it writes the response again.
func TestConsumerAcceptsWhatTheStandardAllows(t *testing.T) {
	doc := otherServerResponse()
	resp, err := skill.ParseFindingsResponse([]byte(doc))
	if err != nil {
		t.Fatalf("a response another conforming server may send was refused: %v", err)
	}
	if resp.PerKindLimit != 50000 || resp.IdentityShared == nil || *resp.IdentityShared {
		t.Errorf("per_kind_limit %d, identity_shared %v", resp.PerKindLimit, resp.IdentityShared)
	}
	out, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(decodeJSON(t, []byte(doc)), decodeJSON(t, out), numbersByValue); diff != "" {
		t.Errorf("re-serialised response (-received +written):\n%s", diff)
	}
	counts := `{"findings":[],"total":0,"counts_by_kind":{"a":20000},"counts_by_severity":{},"capped_kinds":[],"per_kind_limit":20000,"_meta":{"server_version":"x"}}`
	if _, err := skill.ParseFindingsResponse([]byte(counts)); err != nil {
		t.Errorf("a count above 10000 was refused: %v", err)
	}
	if _, err := skill.ParseFinding([]byte(`{"kind":"` + strings.Repeat("k", 1000) + `","severity":"info"}`)); err != nil {
		t.Errorf("a kind of 1000 characters was refused: %v", err)
	}
	// What the standard does not allow is still refused.
	for _, bad := range []string{
		strings.Replace(doc, `"identity_shared":false`, `"identity_shared":"no"`, 1),
		strings.Replace(doc, `"per_kind_limit":50000`, `"per_kind_limit":-1`, 1),
		strings.Replace(doc, `"counts_by_severity":{"warn":1}`, `"counts_by_severity":{"notice":1}`, 1),
		strings.Replace(doc, `"severity":"warn"`, `"severity":"high"`, 1),
		strings.Replace(doc, `"capped_kinds":[`, `"capped_kinds":["",`, 1),
	} {
		if _, err := skill.ParseFindingsResponse([]byte(bad)); err == nil {
			t.Errorf("accepted a response the standard does not allow: %.120s…", bad)
		}
	}
}

// TestProducerBounds: a server built on this package sends kinds of at most MaxKindLength and a
// server version of at most MaxServerVersionLength characters, applies at most MaxPerKindLimit,
// never sends a member the schema does not declare nor identity_shared false, and lists each
// capped kind once.
func TestProducerBounds(t *testing.T) {
	if skill.MaxKindLength != 200 || skill.MaxServerVersionLength != 128 || skill.MaxPerKindLimit != 10000 {
		t.Errorf("producer bounds changed: %d %d %d (schema/README.md documents 200, 128, 10000)", skill.MaxKindLength, skill.MaxServerVersionLength, skill.MaxPerKindLimit)
	}
	opts := skill.FindingsOptions{FallbackInfo: true, ServerVersion: "1"}
	for _, n := range []int{skill.MaxKindLength, skill.MaxKindLength + 1} {
		_, err := skill.BuildFindingsResponse([]skill.RawFinding{{Kind: strings.Repeat("é", n)}}, skill.GetSessionFindingsParams{}, opts)
		if (n > skill.MaxKindLength) != errors.Is(err, skill.ErrDetectorOutput) {
			t.Errorf("kind of %d characters: err = %v", n, err)
		}
	}
	for _, n := range []int{skill.MaxServerVersionLength, skill.MaxServerVersionLength + 1} {
		_, err := skill.BuildFindingsResponse(nil, skill.GetSessionFindingsParams{}, skill.FindingsOptions{ServerVersion: strings.Repeat("ü", n)})
		if (n > skill.MaxServerVersionLength) != (err != nil) {
			t.Errorf("server version of %d characters: err = %v", n, err)
		}
	}
	limit := int64(skill.MaxPerKindLimit + 1)
	if _, err := skill.BuildFindingsResponse(nil, skill.GetSessionFindingsParams{PerKindLimit: &limit}, opts); !errors.Is(err, skill.ErrFindingsParams) {
		t.Errorf("limit %d: err = %v", limit, err)
	}
	rapid.Check(t, func(t *rapid.T) {
		c := genPropCase(t)
		shared := rapid.Bool().Draw(t, "shared transport")
		limit := c.limit
		resp, err := skill.BuildFindingsResponse(c.output, skill.GetSessionFindingsParams{PerKindLimit: &limit},
			skill.FindingsOptions{Severities: c.smap, SharedTransport: shared, ServerVersion: "1"})
		if err != nil {
			t.Fatal(err)
		}
		if resp.AdditionalProperties != nil || resp.Meta.AdditionalProperties != nil {
			t.Fatalf("the response carries members the schema does not declare: %v %v", resp.AdditionalProperties, resp.Meta.AdditionalProperties)
		}
		if resp.IdentityShared != nil && !*resp.IdentityShared {
			t.Fatalf("identity_shared false is sent")
		}
		if sorted := slices.Sorted(slices.Values(resp.CappedKinds)); len(slices.Compact(sorted)) != len(resp.CappedKinds) {
			t.Fatalf("capped_kinds repeats a kind: %q", resp.CappedKinds)
		}
		data, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(data, &members); err != nil {
			t.Fatal(err)
		}
		for k := range members {
			switch k {
			case "findings", "total", "counts_by_kind", "counts_by_severity", "capped_kinds", "per_kind_limit", "summary", "identity_shared", "_meta":
			default:
				t.Fatalf("the response carries %q", k)
			}
		}
	})
}
