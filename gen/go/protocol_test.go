package skill_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	skill "github.com/skillgen/skillgen/gen/go"
	"github.com/skillgen/skillgen/gen/go/arbitrary"
	"pgregory.net/rapid"
)

// minChecks is the least number of cases every property test runs (the protocol's test
// strategy asks for at least 100 iterations a property).
const minChecks = 100

// TestMain raises -rapid.checks to at least minChecks; under -short rapid runs a fifth of
// -rapid.checks, so the floor is five times higher there.
func TestMain(m *testing.M) {
	flag.Parse()
	floor := minChecks
	if testing.Short() {
		floor *= 5
	}
	if f := flag.Lookup("rapid.checks"); f != nil {
		if n, err := strconv.Atoi(f.Value.String()); err != nil || n < floor {
			if err := f.Value.Set(strconv.Itoa(floor)); err != nil {
				panic(err)
			}
		}
	}
	os.Exit(m.Run())
}

// property runs prop as the rapid property test labelled label and fails when fewer than
// minChecks cases ran.
func property(t *testing.T, label string, prop func(*rapid.T)) {
	t.Helper()
	t.Run(label, func(t *testing.T) {
		t.Log(label)
		runs := 0
		rapid.Check(t, func(rt *rapid.T) {
			runs++
			prop(rt)
		})
		if !t.Failed() && runs < minChecks {
			t.Errorf("%s: ran %d cases, want at least %d", label, runs, minChecks)
		}
	})
}

// validDescriptorJSON is a SkillDescriptor that satisfies the schema.
const validDescriptorJSON = `{
  "protocol": {"version": "1.0.0"},
  "id": "weather.forecast",
  "name": "Weather forecast",
  "version": "2.1.0",
  "capability_type": "api",
  "description": "Seven-day forecast for a place.",
  "provider": {"name": "Example Weather", "url": "https://weather.example.com"},
  "endpoint": {"url": "https://api.weather.example.com/forecast", "method": "POST"},
  "inputs": [{"name": "place", "type": "string", "required": true}],
  "output": {"type": "object", "media_type": "application/json"},
  "auth": {"type": "api_key", "in": "header", "name": "X-API-Key"},
  "access": "public"
}`

// descriptor returns the valid descriptor with the given id, capability type and access.
func descriptor(t testing.TB, id skill.SkillID, c skill.CapabilityType, a skill.Access) skill.SkillDescriptor {
	t.Helper()
	d, err := skill.ParseSkillDescriptor([]byte(validDescriptorJSON))
	if err != nil {
		t.Fatalf("ParseSkillDescriptor(valid example): %v", err)
	}
	d.ID, d.CapabilityType, d.Access = id, c, a
	return d
}

func ids[T any](xs []T, id func(T) skill.SkillID) []skill.SkillID {
	out := make([]skill.SkillID, 0, len(xs))
	for _, x := range xs {
		out = append(out, id(x))
	}
	return out
}

func entryID(e skill.SkillIndexEntry) skill.SkillID { return e.ID }
func descID(d skill.SkillDescriptor) skill.SkillID  { return d.ID }

// fataler is what testing.TB and *rapid.T have in common.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func mustJSON(t fataler, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	return b
}

// ---------------------------------------------------------------------------------------------
// Versions
// ---------------------------------------------------------------------------------------------

func TestParseVersion(t *testing.T) {
	valid := map[string]skill.Version{
		"0.0.0":                    {},
		"1.0.0":                    {Major: 1},
		"1.2.3":                    {Major: 1, Minor: 2, Patch: 3},
		"10.20.30":                 {Major: 10, Minor: 20, Patch: 30},
		"18446744073709551615.0.1": {Major: 1<<64 - 1, Patch: 1},
	}
	for s, want := range valid {
		got, err := skill.ParseVersion(s)
		if err != nil || got != want {
			t.Errorf("ParseVersion(%q) = %v, %v; want %v, nil", s, got, err, want)
		}
		if got.String() != s {
			t.Errorf("ParseVersion(%q).String() = %q", s, got.String())
		}
	}
	for _, s := range []string{
		"", "1", "1.2", "1.2.3.4", "01.2.3", "1.02.3", "1.2.03", "-1.2.3", "+1.2.3", "v1.2.3",
		"1.2.3-rc.1", "1.2.3+build", " 1.2.3", "1.2.3 ", "1..3", "1.2.", "a.b.c", "1.2.3\n",
		"18446744073709551616.0.0", "1.2.٣",
	} {
		v, err := skill.ParseVersion(s)
		if err == nil {
			t.Errorf("ParseVersion(%q) = %v, want an error", s, v)
			continue
		}
		if !errors.Is(err, skill.ErrInvalidVersion) {
			t.Errorf("ParseVersion(%q) error %v does not wrap ErrInvalidVersion", s, err)
		}
	}
}

func TestVersionCompare(t *testing.T) {
	order := []string{"0.0.0", "0.0.1", "0.1.0", "0.1.9", "1.0.0", "1.0.10", "1.10.0", "2.0.0"}
	for i, a := range order {
		for j, b := range order {
			va, _ := skill.ParseVersion(a)
			vb, _ := skill.ParseVersion(b)
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := va.Compare(vb); got != want {
				t.Errorf("%s.Compare(%s) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestCheckCompatibility(t *testing.T) {
	for _, tc := range []struct {
		descriptor, consumer string
		incompatible         bool
	}{
		{"1.0.0", "1.0.0", false},
		{"1.5.2", "1.0.0", false}, // a newer minor adds only optional fields
		{"1.0.0", "1.9.9", false},
		{"0.3.0", "0.1.0", false},
		{"2.0.0", "1.9.9", true}, // Property 10: greater major
		{"1.9.9", "2.0.0", true}, // lower major: majors break both ways
		{"0.9.0", "1.0.0", true},
	} {
		err := skill.CheckCompatibility(tc.descriptor, tc.consumer)
		if !tc.incompatible {
			if err != nil {
				t.Errorf("CheckCompatibility(%s, %s) = %v, want nil", tc.descriptor, tc.consumer, err)
			}
			continue
		}
		var vie *skill.VersionIncompatibleError
		if !errors.As(err, &vie) {
			t.Errorf("CheckCompatibility(%s, %s) = %v, want a *VersionIncompatibleError", tc.descriptor, tc.consumer, err)
			continue
		}
		if vie.Descriptor.String() != tc.descriptor || vie.Consumer.String() != tc.consumer {
			t.Errorf("error carries %s/%s, want %s/%s", vie.Descriptor, vie.Consumer, tc.descriptor, tc.consumer)
		}
		if !errors.Is(err, skill.ErrVersionIncompatible) {
			t.Errorf("errors.Is(%v, ErrVersionIncompatible) = false", err)
		}
		msg := err.Error()
		for _, s := range []string{tc.descriptor, tc.consumer, "incompatible"} {
			if !strings.Contains(msg, s) {
				t.Errorf("error %q does not mention %q", msg, s)
			}
		}
	}

	for _, tc := range []struct{ descriptor, consumer, which string }{
		{"1.0", "1.0.0", "descriptor"},
		{"1.0.0", "v1", "consumer"},
	} {
		err := skill.CheckCompatibility(tc.descriptor, tc.consumer)
		if !errors.Is(err, skill.ErrInvalidVersion) || !strings.Contains(err.Error(), tc.which) {
			t.Errorf("CheckCompatibility(%q, %q) = %v, want an ErrInvalidVersion naming the %s", tc.descriptor, tc.consumer, err, tc.which)
		}
		var vie *skill.VersionIncompatibleError
		if errors.As(err, &vie) {
			t.Errorf("CheckCompatibility(%q, %q): a malformed version is not an incompatibility", tc.descriptor, tc.consumer)
		}
	}

	d := descriptor(t, "a", skill.CapabilityTypeAPI, skill.AccessPublic)
	d.Protocol.Version = "3.1.0"
	if err := d.CheckProtocol("3.0.0"); err != nil {
		t.Errorf("CheckProtocol(3.0.0) on a 3.1.0 descriptor = %v", err)
	}
	if err := d.CheckProtocol("2.0.0"); !errors.Is(err, skill.ErrVersionIncompatible) {
		t.Errorf("CheckProtocol(2.0.0) on a 3.1.0 descriptor = %v", err)
	}
}

func TestCheckDocumentProtocol(t *testing.T) {
	for _, tc := range []struct {
		doc, consumer string
		incompatible  bool
	}{
		{validDescriptorJSON, "1.7.0", false},
		{validDescriptorJSON, "2.0.0", true},
		{validDescriptorJSON, "0.9.0", true},
		{`{"protocol":{"version":"3.0.0"},"anything":[1,2]}`, "1.0.0", true}, // checked before validation
		{`{"protocol":{"version":"1.0"}}`, "1.0.0", false},                   // malformed: left to validation
		{`{"protocol":{"version":7}}`, "1.0.0", false},
		{`{"protocol":"1.0.0"}`, "1.0.0", false},
		{`{"Protocol":{"version":"9.0.0"}}`, "1.0.0", false}, // keys match exactly
		{`{}`, "1.0.0", false},
		{`[1]`, "1.0.0", false},
		{`not json`, "1.0.0", false},
	} {
		err := skill.CheckDocumentProtocol([]byte(tc.doc), tc.consumer)
		var vie *skill.VersionIncompatibleError
		if got := errors.As(err, &vie); got != tc.incompatible || (!tc.incompatible && err != nil) {
			t.Errorf("CheckDocumentProtocol(%.40s, %s) = %v, want incompatible=%v", tc.doc, tc.consumer, err, tc.incompatible)
		}
		if vie != nil && vie.Code() != "version_incompatible" {
			t.Errorf("Code() = %q", vie.Code())
		}
	}
	if err := skill.CheckDocumentProtocol([]byte(validDescriptorJSON), "1"); !errors.Is(err, skill.ErrInvalidVersion) {
		t.Errorf("CheckDocumentProtocol with a malformed consumer version = %v", err)
	}

	index, err := skill.BuildIndex(nil, skill.IndexOptions{Protocol: "1.2.0"})
	if err != nil {
		t.Fatal(err)
	}
	if err := index.CheckProtocol("1.0.0"); err != nil {
		t.Errorf("SkillIndex.CheckProtocol(1.0.0) on 1.2.0 = %v", err)
	}
	if err := index.CheckProtocol("2.0.0"); !errors.Is(err, skill.ErrVersionIncompatible) {
		t.Errorf("SkillIndex.CheckProtocol(2.0.0) on 1.2.0 = %v", err)
	}
}

// ---------------------------------------------------------------------------------------------
// BuildIndex
// ---------------------------------------------------------------------------------------------

func sampleDescriptors(t testing.TB) []skill.SkillDescriptor {
	return []skill.SkillDescriptor{
		descriptor(t, "pub-api", skill.CapabilityTypeAPI, skill.AccessPublic),
		descriptor(t, "secret", skill.CapabilityTypeTask, skill.AccessPrivate),
		descriptor(t, "members", skill.CapabilityTypeKnowledge, skill.AccessRestricted),
		descriptor(t, "index", skill.CapabilityTypePlugin, skill.AccessPublic), // "index" must not clash with index.json
		descriptor(t, "internal", skill.CapabilityTypeAPI, skill.AccessPrivate),
	}
}

func TestBuildIndexViews(t *testing.T) {
	descs := sampleDescriptors(t)
	anon, err := skill.BuildIndex(descs, skill.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(anon.Skills, entryID), []skill.SkillID{"pub-api", "members", "index"}; !slices.Equal(got, want) {
		t.Errorf("unauthenticated view = %v, want %v", got, want)
	}
	if anon.Protocol.Version != skill.SupportedProtocolVersion || anon.Provider != nil {
		t.Errorf("protocol/provider = %v/%v, want %s/nil", anon.Protocol.Version, anon.Provider, skill.SupportedProtocolVersion)
	}
	for _, e := range anon.Skills {
		if want := "/.well-known/skills/descriptors/" + string(e.ID) + ".json"; e.DescriptorURL != want || e.DescriptorURL != skill.DescriptorPath(e.ID) {
			t.Errorf("descriptor_url of %s = %q, want %q", e.ID, e.DescriptorURL, want)
		}
		if e.DescriptorURL == skill.WellKnownIndexPath {
			t.Errorf("descriptor_url of %s collides with the index", e.ID)
		}
		if e.Description == nil || *e.Description != descs[0].Description {
			t.Errorf("description of %s not copied", e.ID)
		}
	}
	if err := anon.Validate(); err != nil {
		t.Errorf("index does not validate: %v", err)
	}
	back, err := skill.ParseSkillIndex(mustJSON(t, anon))
	if err != nil {
		t.Errorf("index round trip: %v", err)
	} else if diff := cmp.Diff(anon, back, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("index round trip (-built +parsed):\n%s", diff)
	}

	provider := descs[0].Provider
	auth, err := skill.BuildIndex(descs, skill.IndexOptions{
		Authenticated: true, BaseURL: "https://cdn.example.com/", Provider: &provider, Protocol: "1.4.0",
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(auth.Skills, entryID), ids(descs, descID); !slices.Equal(got, want) {
		t.Errorf("authenticated view = %v, want %v", got, want)
	}
	if auth.Protocol.Version != "1.4.0" || auth.Provider == nil || auth.Provider.Name != provider.Name {
		t.Errorf("options not applied: %+v", auth)
	}
	if got, want := auth.Skills[1].DescriptorURL, "https://cdn.example.com/.well-known/skills/descriptors/secret.json"; got != want {
		t.Errorf("descriptor_url with BaseURL = %q, want %q", got, want)
	}
	for i, e := range auth.Skills {
		if e.Access != descs[i].Access || e.CapabilityType != descs[i].CapabilityType || e.Name != descs[i].Name || e.Version != descs[i].Version {
			t.Errorf("entry %d does not copy its descriptor: %+v", i, e)
		}
	}

	empty, err := skill.BuildIndex(nil, skill.IndexOptions{})
	if err != nil || empty.Skills == nil || len(empty.Skills) != 0 {
		t.Errorf("BuildIndex(nil) = %+v, %v; want an empty, non-nil skills list", empty, err)
	}
	if b := string(mustJSON(t, empty)); !strings.Contains(b, `"skills":[]`) {
		t.Errorf("empty index serialises as %s", b)
	}
}

func TestBuildIndexErrors(t *testing.T) {
	descs := []skill.SkillDescriptor{
		descriptor(t, "a", skill.CapabilityTypeAPI, skill.AccessPublic),
		descriptor(t, "b", skill.CapabilityTypeAPI, skill.AccessPrivate),
		descriptor(t, "a", skill.CapabilityTypeTask, skill.AccessPrivate),
		descriptor(t, "b", skill.CapabilityTypeTask, skill.AccessPublic),
		descriptor(t, "a", skill.CapabilityTypeTask, skill.AccessRestricted),
	}
	_, err := skill.BuildIndex(descs, skill.IndexOptions{})
	var dup *skill.DuplicateIDError
	if !errors.As(err, &dup) {
		t.Fatalf("BuildIndex with duplicate ids = %v, want a *DuplicateIDError", err)
	}
	if *dup != (skill.DuplicateIDError{ID: "a", First: 0, Second: 2}) {
		t.Errorf("first duplicate = %+v", *dup)
	}
	for _, s := range []string{
		`"a": descriptors[0] and descriptors[2]`,
		`"b": descriptors[1] and descriptors[3]`,
		`"a": descriptors[0] and descriptors[4]`,
	} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %s", err, s)
		}
	}

	bad := descriptor(t, "ok", skill.CapabilityTypeAPI, skill.AccessPublic)
	bad.CapabilityType = "widget"
	_, err = skill.BuildIndex([]skill.SkillDescriptor{descs[0], bad}, skill.IndexOptions{})
	var inv *skill.InvalidDescriptorError
	if !errors.As(err, &inv) || inv.Position != 1 || inv.ID != "ok" {
		t.Fatalf("BuildIndex with an invalid descriptor = %v, want an *InvalidDescriptorError at 1", err)
	}
	var verrs skill.ValidationErrors
	if !errors.As(err, &verrs) {
		t.Errorf("the validation errors are not reachable with errors.As: %v", err)
	}

	for _, base := range []string{"cdn.example.com", "ftp://cdn.example.com", "http://cdn.example.com", "https://user@cdn.example.com", "https://cdn.example.com/?x=1", "https://cdn.example.com/#f", "/relative"} {
		if _, err := skill.BuildIndex(descs[:2], skill.IndexOptions{BaseURL: base}); err == nil || !strings.Contains(err.Error(), "BaseURL") {
			t.Errorf("BuildIndex(BaseURL %q) = %v, want an error about BaseURL", base, err)
		}
	}
	if _, err := skill.BuildIndex(descs[:2], skill.IndexOptions{Protocol: "1.0"}); err == nil {
		t.Errorf("BuildIndex with a malformed protocol version succeeded")
	}
}

func TestSkillIndexDocumentWithDuplicateIDsIsInvalid(t *testing.T) {
	doc := `{"protocol":{"version":"1.0.0"},"skills":[
	  {"id":"x","name":"X","version":"1.0.0","capability_type":"api","access":"public","descriptor_url":"/x.json"},
	  {"id":"y","name":"Y","version":"1.0.0","capability_type":"api","access":"public","descriptor_url":"/y.json"},
	  {"id":"x","name":"X2","version":"1.0.0","capability_type":"task","access":"public","descriptor_url":"/x2.json"}]}`
	_, err := skill.ParseSkillIndex([]byte(doc))
	var verrs skill.ValidationErrors
	if !errors.As(err, &verrs) {
		t.Fatalf("ParseSkillIndex(duplicate ids) = %v, want ValidationErrors", err)
	}
	want := skill.ValidationErrors{{Pointer: "/skills/2/id", Keyword: "x-unique-by"}}
	got := make(skill.ValidationErrors, 0, len(verrs))
	for _, e := range verrs {
		got = append(got, skill.ValidationError{Pointer: e.Pointer, Keyword: e.Keyword})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("errors = %v, want %v", got, want)
	}
}

// ---------------------------------------------------------------------------------------------
// The handler and the consumer
// ---------------------------------------------------------------------------------------------

const secret = "Bearer let-me-in"

func authHook(r *http.Request) bool { return r.Header.Get("Authorization") == secret }

func newServer(t *testing.T, descs []skill.SkillDescriptor, opts skill.HandlerOptions) *httptest.Server {
	t.Helper()
	h, err := skill.NewIndexHandler(descs, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func do(t *testing.T, method, u string, header ...string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Add(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

func TestHandlerUnauthenticatedConsumer(t *testing.T) {
	descs := sampleDescriptors(t)
	srv := newServer(t, descs, skill.HandlerOptions{Authenticated: authHook})
	ctx := context.Background()

	indexURL, err := skill.IndexURL(srv.URL + "/some/path?q=1")
	if err != nil || indexURL != srv.URL+skill.WellKnownIndexPath {
		t.Fatalf("IndexURL = %q, %v", indexURL, err)
	}
	consumer := skill.Consumer{Client: srv.Client()}
	index, err := consumer.FetchIndex(ctx, indexURL)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(index.Skills, entryID), []skill.SkillID{"pub-api", "members", "index"}; !slices.Equal(got, want) {
		t.Errorf("unauthenticated index = %v, want %v", got, want)
	}
	byID := map[skill.SkillID]skill.SkillDescriptor{}
	for _, d := range descs {
		byID[d.ID] = d
	}
	for _, e := range index.Skills {
		d, err := consumer.FetchDescriptor(ctx, indexURL, e)
		if err != nil {
			t.Errorf("FetchDescriptor(%s): %v", e.ID, err)
			continue
		}
		if diff := cmp.Diff(byID[e.ID], d, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("descriptor %s (-served +fetched):\n%s", e.ID, diff)
		}
		if err := d.CheckProtocol(string(skill.SupportedProtocolVersion)); err != nil {
			t.Errorf("CheckProtocol: %v", err)
		}
	}

	resp, body := do(t, "GET", indexURL)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" ||
		resp.Header.Get("Cache-Control") != "public, max-age=300" || resp.Header.Get("Vary") != "Authorization" {
		t.Errorf("index response: %d %v", resp.StatusCode, resp.Header)
	}
	etag := resp.Header.Get("ETag")
	if len(etag) < 3 || etag[0] != '"' || etag[len(etag)-1] != '"' {
		t.Errorf("ETag %q is not a strong entity tag", etag)
	}
	if _, err := skill.ParseSkillIndex([]byte(body)); err != nil {
		t.Errorf("index body does not parse: %v", err)
	}

	// Conditional requests.
	for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		resp, body := do(t, "GET", indexURL, "If-None-Match", inm)
		if resp.StatusCode != http.StatusNotModified || body != "" || resp.Header.Get("ETag") != etag || resp.Header.Get("Cache-Control") == "" {
			t.Errorf("If-None-Match %s: %d %q %v", inm, resp.StatusCode, body, resp.Header)
		}
	}
	for _, inm := range []string{`"other"`, `W/"nope", "x"`, "garbage"} {
		if resp, _ := do(t, "GET", indexURL, "If-None-Match", inm); resp.StatusCode != 200 {
			t.Errorf("If-None-Match %s: %d, want 200", inm, resp.StatusCode)
		}
	}

	// HEAD: the headers of GET, no body.
	resp, body = do(t, "HEAD", indexURL)
	if resp.StatusCode != 200 || body != "" || resp.Header.Get("ETag") != etag || resp.ContentLength <= 0 {
		t.Errorf("HEAD: %d %q %v", resp.StatusCode, body, resp.Header)
	}

	// Not found: unknown skills, private skills, other paths.
	for _, p := range []string{
		skill.DescriptorPath("nope"), skill.DescriptorPath("secret"), skill.DescriptorPath("internal"),
		"/", "/.well-known/skills/", "/.well-known/skills/pub-api.json", skill.WellKnownIndexPath + "/",
	} {
		resp, _ := do(t, "GET", srv.URL+p)
		if resp.StatusCode != http.StatusNotFound || resp.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("GET %s: %d %v, want 404 no-store", p, resp.StatusCode, resp.Header)
		}
		// A private skill is not revealed by the method check either.
		if resp, _ := do(t, "POST", srv.URL+p); resp.StatusCode != http.StatusNotFound {
			t.Errorf("POST %s: %d, want 404", p, resp.StatusCode)
		}
	}

	// Methods other than GET and HEAD.
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS"} {
		for _, p := range []string{skill.WellKnownIndexPath, skill.DescriptorPath("pub-api")} {
			resp, _ := do(t, m, srv.URL+p)
			if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
				t.Errorf("%s %s: %d Allow=%q, want 405 with Allow: GET, HEAD", m, p, resp.StatusCode, resp.Header.Get("Allow"))
			}
		}
	}

	// A restricted descriptor is listed, so it resolves for everybody.
	resp, _ = do(t, "GET", srv.URL+skill.DescriptorPath("members"))
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Errorf("restricted descriptor: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestHandlerAuthenticated(t *testing.T) {
	descs := sampleDescriptors(t)
	srv := newServer(t, descs, skill.HandlerOptions{Authenticated: authHook, MaxAge: -1, Vary: []string{"Authorization", "Cookie"}})
	indexURL := srv.URL + skill.WellKnownIndexPath

	anonResp, anonBody := do(t, "GET", indexURL)
	authResp, authBody := do(t, "GET", indexURL, "Authorization", secret)
	if anonResp.Header.Get("Cache-Control") != "public, no-cache" || anonResp.Header.Get("Vary") != "Authorization, Cookie" {
		t.Errorf("anonymous headers: %v", anonResp.Header)
	}
	if authResp.StatusCode != 200 || authResp.Header.Get("Cache-Control") != "private, no-cache" || authResp.Header.Get("Vary") != "Authorization, Cookie" {
		t.Errorf("authenticated headers: %d %v", authResp.StatusCode, authResp.Header)
	}
	if anonResp.Header.Get("ETag") == authResp.Header.Get("ETag") {
		t.Errorf("both views share the ETag %s", anonResp.Header.Get("ETag"))
	}
	auth, err := skill.ParseSkillIndex([]byte(authBody))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(auth.Skills, entryID), ids(descs, descID); !slices.Equal(got, want) {
		t.Errorf("authenticated index = %v, want every skill %v", got, want)
	}
	if _, err := skill.ParseSkillIndex([]byte(anonBody)); err != nil {
		t.Fatal(err)
	}
	// The anonymous ETag does not validate the authenticated view.
	if resp, _ := do(t, "GET", indexURL, "Authorization", secret, "If-None-Match", anonResp.Header.Get("ETag")); resp.StatusCode != 200 {
		t.Errorf("authenticated request with the anonymous ETag: %d, want 200", resp.StatusCode)
	}

	for _, e := range auth.Skills {
		resp, body := do(t, "GET", srv.URL+e.DescriptorURL, "Authorization", secret)
		if resp.StatusCode != 200 {
			t.Errorf("authenticated GET %s: %d", e.DescriptorURL, resp.StatusCode)
			continue
		}
		if _, err := skill.ParseSkillDescriptor([]byte(body)); err != nil {
			t.Errorf("descriptor %s: %v", e.ID, err)
		}
		wantCache := "public, no-cache"
		if e.Access == skill.AccessPrivate {
			wantCache = "private, no-cache"
		}
		if got := resp.Header.Get("Cache-Control"); got != wantCache {
			t.Errorf("Cache-Control of %s (%s) = %q, want %q", e.ID, e.Access, got, wantCache)
		}
	}
	if resp, _ := do(t, "GET", srv.URL+skill.DescriptorPath("secret"), "Authorization", "Bearer wrong"); resp.StatusCode != 404 {
		t.Errorf("private descriptor with wrong credentials: %d, want 404", resp.StatusCode)
	}

	// Without a hook nobody is authenticated.
	plain := newServer(t, descs, skill.HandlerOptions{})
	resp, body := do(t, "GET", plain.URL+skill.WellKnownIndexPath, "Authorization", secret)
	index, err := skill.ParseSkillIndex([]byte(body))
	if err != nil || resp.Header.Get("Cache-Control") != "public, max-age=300" {
		t.Fatalf("%v %v", err, resp.Header)
	}
	if got := ids(index.Skills, entryID); slices.Contains(got, "secret") {
		t.Errorf("without a hook the index lists private skills: %v", got)
	}
}

func TestNewIndexHandlerRejectsDuplicates(t *testing.T) {
	descs := []skill.SkillDescriptor{
		descriptor(t, "a", skill.CapabilityTypeAPI, skill.AccessPrivate),
		descriptor(t, "a", skill.CapabilityTypeAPI, skill.AccessPublic),
	}
	var dup *skill.DuplicateIDError
	if _, err := skill.NewIndexHandler(descs, skill.HandlerOptions{}); !errors.As(err, &dup) {
		t.Errorf("NewIndexHandler(duplicates) = %v, want a *DuplicateIDError", err)
	}
}

func TestConsumer(t *testing.T) {
	srv := newServer(t, sampleDescriptors(t), skill.HandlerOptions{Authenticated: authHook})
	ctx := context.Background()
	var consumer skill.Consumer
	if _, err := consumer.FetchIndex(ctx, srv.URL+"/nothing-here"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("FetchIndex(404) = %v", err)
	}
	indexURL := srv.URL + skill.WellKnownIndexPath
	entry := skill.SkillIndexEntry{ID: "pub-api", DescriptorURL: skill.DescriptorPath("members")}
	if _, err := consumer.FetchDescriptor(ctx, indexURL, entry); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("FetchDescriptor(mismatching id) = %v", err)
	}

	// Header carries credentials: the authenticated view, private descriptors included.
	authed := skill.Consumer{Header: http.Header{"Authorization": {secret}}}
	index, err := authed.FetchIndex(ctx, indexURL)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(index.Skills, entryID); !slices.Contains(got, "secret") {
		t.Errorf("authenticated consumer sees %v, want the private skills too", got)
	}
	for _, e := range index.Skills {
		if _, err := authed.FetchDescriptor(ctx, indexURL, e); err != nil {
			t.Errorf("authenticated FetchDescriptor(%s): %v", e.ID, err)
		}
	}

	// A consumer of another major rejects the index and the descriptors.
	v2 := skill.Consumer{Protocol: "2.0.0"}
	var vie *skill.VersionIncompatibleError
	if _, err := v2.FetchIndex(ctx, indexURL); !errors.As(err, &vie) || vie.Consumer.Major != 2 {
		t.Errorf("FetchIndex as a 2.x consumer = %v, want a *VersionIncompatibleError", err)
	}
	if _, err := v2.FetchDescriptor(ctx, indexURL, skill.SkillIndexEntry{ID: "pub-api", DescriptorURL: skill.DescriptorPath("pub-api")}); !errors.As(err, &vie) {
		t.Errorf("FetchDescriptor as a 2.x consumer = %v, want a *VersionIncompatibleError", err)
	}

	// The version is checked before the rest of the document: a 2.x descriptor that the 1.x
	// schema rejects is reported as incompatible, not as invalid.
	future := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"protocol":{"version":"2.3.0"},"id":"pub-api","brand_new_required_member":{}}`)
	}))
	defer future.Close()
	_, err = consumer.FetchDescriptor(ctx, future.URL+skill.WellKnownIndexPath, skill.SkillIndexEntry{ID: "pub-api", DescriptorURL: "/d.json"})
	if !errors.As(err, &vie) || vie.Descriptor.String() != "2.3.0" || vie.Consumer.String() != string(skill.SupportedProtocolVersion) {
		t.Errorf("FetchDescriptor(2.x document) = %v, want a *VersionIncompatibleError", err)
	}
	if _, err := consumer.FetchIndex(ctx, future.URL+skill.WellKnownIndexPath); !errors.As(err, &vie) {
		t.Errorf("FetchIndex(2.x document) = %v, want a *VersionIncompatibleError", err)
	}
	if _, err := skill.IndexURL("skills.example.com"); err == nil {
		t.Errorf("IndexURL without a scheme succeeded")
	}
	got, err := skill.ResolveDescriptorURL("https://p.example/.well-known/skills/index.json", skill.SkillIndexEntry{DescriptorURL: "descriptors/a.json"})
	if err != nil || got != "https://p.example/.well-known/skills/descriptors/a.json" {
		t.Errorf("ResolveDescriptorURL(relative) = %q, %v", got, err)
	}
}

func TestFilterByCapability(t *testing.T) {
	descs := sampleDescriptors(t)
	if got := ids(skill.FilterByCapability(descs, skill.CapabilityTypeAPI), descID); !slices.Equal(got, []skill.SkillID{"pub-api", "internal"}) {
		t.Errorf("FilterByCapability(api) = %v", got)
	}
	if got := skill.FilterByCapability(nil, skill.CapabilityTypeAPI); got == nil || len(got) != 0 {
		t.Errorf("FilterByCapability(nil) = %#v, want an empty slice", got)
	}
	index, err := skill.BuildIndex(descs, skill.IndexOptions{Authenticated: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(skill.FilterEntriesByCapability(index.Skills, skill.CapabilityTypeKnowledge), entryID); !slices.Equal(got, []skill.SkillID{"members"}) {
		t.Errorf("FilterEntriesByCapability(knowledge) = %v", got)
	}
}

// ---------------------------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------------------------

// idPool is small so that drawn collections often repeat an id.
var idPool = []skill.SkillID{"alpha", "beta", "gamma", "index", "d.e-f_1"}

// drawDescriptors draws n descriptors from the generated arbitrary and overwrites id, access and
// capability type with drawn values: ids from idPool (duplicates likely) or unique per position
// when unique is set; access and capability type over every enum value.
func drawDescriptors(t *rapid.T, maxLen int, unique bool) []skill.SkillDescriptor {
	descs := rapid.SliceOfN(arbitrary.SkillDescriptor(), 0, maxLen).Draw(t, "descriptors")
	for i := range descs {
		if unique {
			descs[i].ID = skill.SkillID(fmt.Sprintf("%s-%d", rapid.SampledFrom(idPool).Draw(t, "id"), i))
		} else {
			descs[i].ID = rapid.SampledFrom(idPool).Draw(t, "id")
		}
		descs[i].Access = rapid.SampledFrom(skill.AccessValues).Draw(t, "access")
		descs[i].CapabilityType = rapid.SampledFrom(skill.CapabilityTypeValues).Draw(t, "capability_type")
	}
	return descs
}

func TestPropertySkillIDsUnique(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 5: skill ids are unique within an index", func(t *rapid.T) {
		descs := drawDescriptors(t, 8, false)
		authenticated := rapid.Bool().Draw(t, "authenticated")

		type pair struct{ first, second int }
		var dups []pair
		first := map[skill.SkillID]int{}
		for i, d := range descs {
			if f, ok := first[d.ID]; ok {
				dups = append(dups, pair{f, i})
			} else {
				first[d.ID] = i
			}
		}

		index, err := skill.BuildIndex(descs, skill.IndexOptions{Authenticated: authenticated})
		if len(dups) == 0 {
			if err != nil {
				t.Fatalf("BuildIndex(distinct ids) = %v", err)
			}
			seen := map[skill.SkillID]bool{}
			for _, e := range index.Skills {
				if seen[e.ID] {
					t.Fatalf("index lists %q twice", e.ID)
				}
				seen[e.ID] = true
			}
			if _, err := skill.ParseSkillIndex(mustJSON(t, index)); err != nil {
				t.Fatalf("built index does not validate: %v", err)
			}
			return
		}

		// BuildIndex rejects every duplicate, naming both positions.
		if err == nil {
			t.Fatalf("BuildIndex accepted duplicate ids %v", ids(descs, descID))
		}
		var dup *skill.DuplicateIDError
		if !errors.As(err, &dup) {
			t.Fatalf("error %v has no *DuplicateIDError", err)
		}
		if want := (skill.DuplicateIDError{ID: descs[dups[0].first].ID, First: dups[0].first, Second: dups[0].second}); *dup != want {
			t.Fatalf("first duplicate = %+v, want %+v", *dup, want)
		}
		for _, p := range dups {
			want := fmt.Sprintf("%q: descriptors[%d] and descriptors[%d]", descs[p.first].ID, p.first, p.second)
			if !strings.Contains(err.Error(), want) {
				t.Fatalf("error %q does not name %s", err, want)
			}
		}

		// A SkillIndex document with the same duplicates fails validation at each repeat.
		distinct := slices.Clone(descs)
		for i := range distinct {
			distinct[i].ID = skill.SkillID(fmt.Sprintf("u%d", i))
		}
		index, err = skill.BuildIndex(distinct, skill.IndexOptions{Authenticated: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range index.Skills {
			index.Skills[i].ID = descs[i].ID
		}
		_, err = skill.ParseSkillIndex(mustJSON(t, index))
		var verrs skill.ValidationErrors
		if !errors.As(err, &verrs) {
			t.Fatalf("ParseSkillIndex(duplicate ids) = %v, want ValidationErrors", err)
		}
		var got, want []string
		for _, e := range verrs {
			got = append(got, e.Pointer+" "+e.Keyword)
		}
		for _, p := range dups {
			want = append(want, fmt.Sprintf("/skills/%d/id x-unique-by", p.second))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("validation errors = %v, want %v", got, want)
		}
		if err := index.Validate(); err == nil {
			t.Fatalf("Validate accepted an index with duplicate ids")
		}
	})
}

// serve runs one request against h.
func serve(h http.Handler, method, target string, authenticated bool) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	if authenticated {
		req.Header.Set("Authorization", secret)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestPropertyIndexAccessControl(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 6: the unauthenticated Well-Known index lists every non-private skill and no private one, and every descriptor_url resolves to a valid descriptor", func(t *rapid.T) {
		descs := drawDescriptors(t, 10, true)
		base := rapid.SampledFrom([]string{"", "https://cdn.example.com", "https://provider.example/mirror/"}).Draw(t, "base_url")
		h, err := skill.NewIndexHandler(descs, skill.HandlerOptions{Index: skill.IndexOptions{BaseURL: base}, Authenticated: authHook})
		if err != nil {
			t.Fatalf("NewIndexHandler: %v", err)
		}
		// Descriptors are requested at the URLs the index gives; under a BaseURL with a path the
		// handler is mounted below that path.
		var mounted http.Handler = h
		if prefix := strings.TrimSuffix(strings.TrimPrefix(base, "https://provider.example"), "/"); strings.HasPrefix(prefix, "/") {
			mounted = http.StripPrefix(prefix, h)
		}
		const indexURL = "https://provider.example" + skill.WellKnownIndexPath

		for _, authenticated := range []bool{false, true} {
			rec := serve(h, "GET", indexURL, authenticated)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
				t.Fatalf("GET index (authenticated=%v): %d %v", authenticated, rec.Code, rec.Header())
			}
			index, err := skill.ParseSkillIndex(rec.Body.Bytes())
			if err != nil {
				t.Fatalf("index (authenticated=%v) does not validate: %v", authenticated, err)
			}
			var want []skill.SkillDescriptor
			for _, d := range descs {
				if authenticated || d.Access != skill.AccessPrivate {
					want = append(want, d)
				}
			}
			if got, w := ids(index.Skills, entryID), ids(want, descID); !slices.Equal(got, w) {
				t.Fatalf("index (authenticated=%v) = %v, want %v", authenticated, got, w)
			}
			for i, e := range index.Skills {
				if !authenticated && e.Access == skill.AccessPrivate {
					t.Fatalf("unauthenticated index lists private skill %q", e.ID)
				}
				u, err := skill.ResolveDescriptorURL(indexURL, e)
				if err != nil {
					t.Fatal(err)
				}
				parsed, err := url.Parse(u)
				if err != nil || !parsed.IsAbs() {
					t.Fatalf("descriptor_url %q resolves to %q", e.DescriptorURL, u)
				}
				if parsed.Scheme != "https" {
					t.Fatalf("descriptor_url %q resolves to a non-https URL %q", e.DescriptorURL, u)
				}
				rec := serve(mounted, "GET", parsed.RequestURI(), authenticated)
				if rec.Code != 200 {
					t.Fatalf("GET %s (authenticated=%v): %d", u, authenticated, rec.Code)
				}
				d, err := skill.ParseSkillDescriptor(rec.Body.Bytes())
				if err != nil {
					t.Fatalf("descriptor at %s does not validate: %v", u, err)
				}
				if diff := cmp.Diff(want[i], d, cmpopts.EquateEmpty()); diff != "" {
					t.Fatalf("descriptor at %s (-served +parsed):\n%s", u, diff)
				}
			}
		}
		for _, d := range descs {
			anon := serve(h, "GET", skill.DescriptorPath(d.ID), false).Code
			auth := serve(h, "GET", skill.DescriptorPath(d.ID), true).Code
			wantAnon := 200
			if d.Access == skill.AccessPrivate {
				wantAnon = 404
			}
			if anon != wantAnon || auth != 200 {
				t.Fatalf("descriptor %s (%s): unauthenticated %d, authenticated %d; want %d, 200", d.ID, d.Access, anon, auth, wantAnon)
			}
		}
	})
}

func TestPropertyCapabilityFiltering(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 7: filtering by a capability type keeps exactly the skills of that type, in order", func(t *rapid.T) {
		descs := drawDescriptors(t, 12, false)
		want := rapid.SampledFrom(skill.CapabilityTypeValues).Draw(t, "filter")
		before := slices.Clone(descs)

		got := skill.FilterByCapability(descs, want)
		var expected []skill.SkillDescriptor
		for _, d := range descs {
			if d.CapabilityType == want {
				expected = append(expected, d)
			}
		}
		for _, d := range got {
			if d.CapabilityType != want {
				t.Fatalf("result %q has type %q, want %q", d.ID, d.CapabilityType, want)
			}
		}
		if len(got) != len(expected) || (len(got) > 0 && !reflect.DeepEqual(got, expected)) {
			t.Fatalf("FilterByCapability(%s) = %v, want %v", want, ids(got, descID), ids(expected, descID))
		}
		if !reflect.DeepEqual(descs, before) {
			t.Fatalf("FilterByCapability modified its input")
		}

		entries := make([]skill.SkillIndexEntry, len(descs))
		for i, d := range descs {
			entries[i] = skill.SkillIndexEntry{ID: d.ID, Name: d.Name, Version: d.Version, CapabilityType: d.CapabilityType, Access: d.Access, DescriptorURL: skill.DescriptorPath(d.ID)}
		}
		gotEntries := skill.FilterEntriesByCapability(entries, want)
		var expectedEntries []skill.SkillIndexEntry
		for _, e := range entries {
			if e.CapabilityType == want {
				expectedEntries = append(expectedEntries, e)
			}
		}
		if len(gotEntries) != len(expectedEntries) || (len(gotEntries) > 0 && !reflect.DeepEqual(gotEntries, expectedEntries)) {
			t.Fatalf("FilterEntriesByCapability(%s) = %v, want %v", want, ids(gotEntries, entryID), ids(expectedEntries, entryID))
		}
	})
}

func TestPropertyProtocolVersionSemVer(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 9: protocol versions are SemVer MAJOR.MINOR.PATCH with non-negative integers", func(t *rapid.T) {
		// Well-formed versions round-trip through ParseVersion and validate as ProtocolVersion.
		v := skill.Version{Major: rapid.Uint64().Draw(t, "major"), Minor: rapid.Uint64().Draw(t, "minor"), Patch: rapid.Uint64().Draw(t, "patch")}
		s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
		got, err := skill.ParseVersion(s)
		if err != nil || got != v || got.String() != s {
			t.Fatalf("ParseVersion(%q) = %v, %v", s, got, err)
		}
		if err := (skill.ProtocolVersion{Version: skill.SemVer(s)}).Validate(); err != nil {
			t.Fatalf("ProtocolVersion %q does not validate: %v", s, err)
		}

		// On arbitrary short strings ParseVersion and the ProtocolVersion schema agree (up to 19
		// characters no number can exceed a uint64).
		s = rapid.OneOf(
			rapid.StringOfN(rapid.SampledFrom([]rune("0123456789.")), 0, 19, -1),
			rapid.StringOfN(rapid.SampledFrom([]rune("0123456789.-+v x")), 0, 19, -1),
		).Draw(t, "text")
		_, perr := skill.ParseVersion(s)
		_, verr := skill.ParseProtocolVersion(mustJSON(t, map[string]string{"version": s}))
		if (perr == nil) != (verr == nil) {
			t.Fatalf("%q: ParseVersion error %v, ProtocolVersion validation error %v", s, perr, verr)
		}
		if perr != nil && !errors.Is(perr, skill.ErrInvalidVersion) {
			t.Fatalf("ParseVersion(%q) = %v, does not wrap ErrInvalidVersion", s, perr)
		}
	})
}

func TestPropertyVersionIncompatibility(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 10: a descriptor whose protocol major differs from the consumer's is rejected with a version-incompatibility error, the same major is processed", func(t *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(t, "descriptor")
		version := rapid.OneOf(rapid.Uint64Range(0, 5), rapid.Uint64())
		dv := skill.Version{Major: version.Draw(t, "descriptor_major"), Minor: version.Draw(t, "descriptor_minor"), Patch: version.Draw(t, "descriptor_patch")}
		cv := skill.Version{Major: version.Draw(t, "consumer_major"), Minor: version.Draw(t, "consumer_minor"), Patch: version.Draw(t, "consumer_patch")}
		if rapid.Bool().Draw(t, "same_major") {
			cv.Major = dv.Major
		}
		d.Protocol.Version = skill.SemVer(dv.String())

		err := d.CheckProtocol(cv.String())
		if dv.Major == cv.Major {
			if err != nil {
				t.Fatalf("descriptor %s, consumer %s: %v, want nil", dv, cv, err)
			}
			return
		}
		var vie *skill.VersionIncompatibleError
		if !errors.As(err, &vie) {
			t.Fatalf("descriptor %s, consumer %s: %v, want a *VersionIncompatibleError", dv, cv, err)
		}
		if vie.Descriptor != dv || vie.Consumer != cv {
			t.Fatalf("error carries %s/%s, want %s/%s", vie.Descriptor, vie.Consumer, dv, cv)
		}
		if !errors.Is(err, skill.ErrVersionIncompatible) {
			t.Fatalf("errors.Is(%v, ErrVersionIncompatible) = false", err)
		}
		msg := err.Error()
		if !strings.Contains(msg, dv.String()) || !strings.Contains(msg, cv.String()) || !strings.Contains(msg, "incompatible") {
			t.Fatalf("error %q does not name both versions", msg)
		}
	})
}

// bomIndex is a valid skill index; the consumer tests of both languages serve it with and
// without a UTF-8 byte order mark before it (tsconformance/test/http.test.ts).
const bomIndex = `{"protocol":{"version":"1.0.0"},"skills":[]}`

// TestConsumerRefusesByteOrderMark: a body that starts with a UTF-8 byte order mark is not a
// JSON text (RFC 8259 §8.1) and is refused with a "json" error, as the TypeScript consumer
// refuses the same bytes; without the mark the same document is accepted.
func TestConsumerRefusesByteOrderMark(t *testing.T) {
	for _, c := range []struct {
		body string
		ok   bool
	}{{bomIndex, true}, {"\xef\xbb\xbf" + bomIndex, false}} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, c.body)
		}))
		_, err := skill.Consumer{}.FetchIndex(context.Background(), srv.URL+skill.WellKnownIndexPath)
		srv.Close()
		var verrs skill.ValidationErrors
		switch {
		case c.ok && err != nil:
			t.Errorf("FetchIndex(%q) = %v, want the index", c.body, err)
		case !c.ok && (!errors.As(err, &verrs) || len(verrs) == 0 || verrs[0].Keyword != "json" || verrs[0].Pointer != ""):
			t.Errorf("FetchIndex(%q) = %v, want a json error at the document's root", c.body, err)
		}
	}
}
