package skill_test

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	skill "github.com/skillgen/skillgen/gen/go"
	"github.com/skillgen/skillgen/gen/go/arbitrary"
	"pgregory.net/rapid"
)

// descriptorRequired are the twelve members every SkillDescriptor has (Property 1).
var descriptorRequired = []string{"protocol", "id", "name", "version", "capability_type",
	"description", "provider", "endpoint", "inputs", "output", "auth", "access"}

// toObject marshals v and decodes it as a generic JSON object.
func toObject(t rapid.TB, v any) map[string]any {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return m
}

// violations returns the ValidationErrors of err, failing when err is of another type.
func violations(t rapid.TB, err error) skill.ValidationErrors {
	var verrs skill.ValidationErrors
	if !errors.As(err, &verrs) || len(verrs) == 0 {
		t.Fatalf("want ValidationErrors, got %T %v", err, err)
	}
	return verrs
}

// hasViolation reports whether verrs holds an error at pointer with keyword.
func hasViolation(verrs skill.ValidationErrors, pointer, keyword string) bool {
	for _, v := range verrs {
		if v.Pointer == pointer && v.Keyword == keyword {
			return true
		}
	}
	return false
}

func TestPropertyStructuralCompleteness(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 1: a SkillDescriptor missing any required field fails validation naming it", func(rt *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(rt, "descriptor")
		doc := toObject(rt, d)
		for _, f := range descriptorRequired {
			if _, ok := doc[f]; !ok {
				rt.Fatalf("valid descriptor lacks %q", f)
			}
		}
		drop := rapid.SampledFrom(descriptorRequired).Draw(rt, "dropped")
		delete(doc, drop)
		_, err := skill.ParseSkillDescriptor(mustJSON(rt, doc))
		verrs := violations(rt, err)
		if !hasViolation(verrs, "/"+drop, "required") {
			rt.Fatalf("dropping %q: errors %v do not report it missing", drop, verrs)
		}
		for _, v := range verrs {
			if v.Pointer == "/"+drop && !strings.Contains(v.Message, drop) {
				rt.Fatalf("message %q does not name the field %q", v.Message, drop)
			}
		}
	})
}

// The closed vocabularies of Property 2, as the specification lists them (blueprint 12.2).
var (
	specCapabilityTypes = []string{"plugin", "api", "knowledge", "task"}
	specAccessValues    = []string{"public", "restricted", "private"}
	specAuthTypes       = []string{"api_key", "oauth2", "custom", "none"}
)

// minimalAuth is a valid auth object of each type the specification lists.
var minimalAuth = map[string]map[string]any{
	"api_key": {"type": "api_key", "in": "header", "name": "X-Api-Key"},
	"oauth2":  {"type": "oauth2", "token_url": "https://auth.example.com/token"},
	"custom":  {"type": "custom", "scheme": "hmac-sha256-v1"},
	"none":    {"type": "none"},
}

// schemaStrings returns every string value (not key) in the schema files: enum members,
// consts, patterns, descriptions. A value the schema admits for a closed vocabulary is among
// them, so they are the candidates that must be refused unless the specification lists them.
func schemaStrings(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../schema/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("schema files: %v", err)
	}
	defs, _ := filepath.Glob("../../schema/defs/*.json")
	seen := map[string]bool{}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if !seen[v] && len(v) <= 64 {
				seen[v] = true
				out = append(out, v)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	for _, f := range append(files, defs...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		walk(doc)
	}
	slices.Sort(out)
	return out
}

func TestPropertyEnumDomains(t *testing.T) {
	candidates := schemaStrings(t)
	fields := []struct {
		pointer string
		listed  []string
		set     func(doc map[string]any, v string)
	}{
		{"/capability_type", specCapabilityTypes, func(doc map[string]any, v string) { doc["capability_type"] = v }},
		{"/access", specAccessValues, func(doc map[string]any, v string) { doc["access"] = v }},
		{"/auth/type", specAuthTypes, func(doc map[string]any, v string) {
			if auth, ok := minimalAuth[v]; ok {
				doc["auth"] = maps.Clone(auth)
			} else {
				doc["auth"].(map[string]any)["type"] = v
			}
		}},
	}
	property(t, "Feature: skill-sharing-protocol, Property 2: capability_type, access and auth.type take only their listed values", func(rt *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(rt, "descriptor")
		if !slices.Contains(specCapabilityTypes, string(d.CapabilityType)) || !slices.Contains(specAccessValues, string(d.Access)) || !slices.Contains(specAuthTypes, string(d.Auth.Tag())) {
			rt.Fatalf("generated descriptor has values outside the listed ones: %q %q %q", d.CapabilityType, d.Access, d.Auth.Tag())
		}
		field := rapid.SampledFrom(fields).Draw(rt, "field")
		// A value the specification lists, a string the schema files contain, or any string.
		value := rapid.OneOf(
			rapid.SampledFrom(field.listed),
			rapid.SampledFrom(candidates),
			rapid.StringMatching(`^[a-z_]{1,12}$`),
		).Draw(rt, "value")
		doc := toObject(rt, d)
		field.set(doc, value)
		_, err := skill.ParseSkillDescriptor(mustJSON(rt, doc))
		if slices.Contains(field.listed, value) {
			if err != nil {
				rt.Fatalf("%s = %q is listed by the specification but refused: %v", field.pointer, value, err)
			}
			return
		}
		verrs := violations(rt, err)
		found := false
		for _, v := range verrs {
			found = found || v.Pointer == field.pointer
		}
		if !found {
			rt.Fatalf("%s = %q is not listed by the specification: errors %v do not point at it", field.pointer, value, verrs)
		}
	})
	// Both directions exhaustively: every listed value is accepted, and every string of the
	// schema files that the specification does not list is refused.
	base := toObject(t, descriptor(t, "weather.forecast", skill.CapabilityTypeAPI, skill.AccessPublic))
	for _, f := range fields {
		for _, v := range append(slices.Clone(f.listed), candidates...) {
			doc := toObject(t, base)
			f.set(doc, v)
			_, err := skill.ParseSkillDescriptor(mustJSON(t, doc))
			if listed := slices.Contains(f.listed, v); listed != (err == nil) {
				t.Errorf("%s = %q: listed by the specification %v, but the generated parser says %v", f.pointer, v, listed, err)
			}
		}
	}
	// The generated enums hold exactly the listed values.
	for _, c := range []struct {
		name        string
		got, listed []string
	}{
		{"CapabilityTypeValues", stringsOf(skill.CapabilityTypeValues), specCapabilityTypes},
		{"AccessValues", stringsOf(skill.AccessValues), specAccessValues},
	} {
		if !cmp.Equal(slices.Sorted(slices.Values(c.got)), slices.Sorted(slices.Values(c.listed))) {
			t.Errorf("%s = %q, the specification lists %q", c.name, c.got, c.listed)
		}
	}
}

func stringsOf[S ~string](xs []S) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

func TestPropertyRoundTrip(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 3: parse(serialize(descriptor)) equals descriptor", func(rt *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(rt, "descriptor")
		got, err := skill.ParseSkillDescriptor(mustJSON(rt, d))
		if err != nil {
			rt.Fatalf("parse of serialized valid descriptor: %v", err)
		}
		if diff := cmp.Diff(d, got); diff != "" {
			rt.Fatalf("round trip (-want +got):\n%s", diff)
		}
		again := mustJSON(rt, got)
		if string(again) != string(mustJSON(rt, d)) {
			rt.Fatalf("serialization is not stable:\n%s\n%s", mustJSON(rt, d), again)
		}
	})
}

// mutate breaks a valid document in one of several ways and returns the pointer of the
// broken place.
func mutate(rt *rapid.T, doc map[string]any) string {
	switch rapid.IntRange(0, 4).Draw(rt, "mutation") {
	case 0: // wrong JSON type
		doc["name"] = json.Number("42")
		return "/name"
	case 1: // malformed protocol version
		doc["protocol"].(map[string]any)["version"] = rapid.SampledFrom([]string{"1.2", "01.0.0", "1.0.0-beta", "v1.0.0", "-1.0.0", ""}).Draw(rt, "version")
		return "/protocol/version"
	case 2: // missing nested required field
		delete(doc["provider"].(map[string]any), "name")
		return "/provider/name"
	case 3: // null where not allowed
		doc["endpoint"] = nil
		return "/endpoint"
	default: // unknown key in a closed object
		doc["output"].(map[string]any)["unexpected"] = true
		return "/output/unexpected"
	}
}

func TestPropertyValidatorCorrectness(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 4: conforming documents parse, others fail naming the field and the reason", func(rt *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(rt, "descriptor")
		doc := toObject(rt, d)
		if _, err := skill.ParseSkillDescriptor(mustJSON(rt, doc)); err != nil {
			rt.Fatalf("conforming document refused: %v", err)
		}
		at := mutate(rt, doc)
		_, err := skill.ParseSkillDescriptor(mustJSON(rt, doc))
		verrs := violations(rt, err)
		for _, v := range verrs {
			if v.Pointer == at {
				if v.Message == "" || v.Keyword == "" {
					rt.Fatalf("error at %s has no reason: %+v", at, v)
				}
				return
			}
		}
		rt.Fatalf("mutation at %s: errors %v do not name it", at, verrs)
	})
}

func TestPropertyInvocationMessages(t *testing.T) {
	property(t, "Feature: skill-sharing-protocol, Property 8: invocation requests and responses carry their required fields", func(rt *rapid.T) {
		req := arbitrary.InvocationRequest().Draw(rt, "request")
		resp := arbitrary.InvocationResponse().Draw(rt, "response")
		cases := []struct {
			doc      map[string]any
			required []string
			parse    func([]byte) error
		}{
			{toObject(rt, req), []string{"caller", "skill_id", "inputs"}, func(b []byte) error { _, err := skill.ParseInvocationRequest(b); return err }},
			{toObject(rt, resp), []string{"execution_id", "status", "skill_id", "timestamps"}, func(b []byte) error { _, err := skill.ParseInvocationResponse(b); return err }},
		}
		caller := cases[0].doc["caller"].(map[string]any)
		if _, ok := caller["id"]; !ok {
			rt.Fatalf("caller without id")
		}
		if _, ok := caller["type"]; !ok {
			rt.Fatalf("caller without type")
		}
		for _, c := range cases {
			for _, f := range c.required {
				if _, ok := c.doc[f]; !ok {
					rt.Fatalf("valid message lacks %q", f)
				}
			}
			if err := c.parse(mustJSON(rt, c.doc)); err != nil {
				rt.Fatalf("valid message refused: %v", err)
			}
			drop := rapid.SampledFrom(c.required).Draw(rt, "dropped")
			cp := map[string]any{}
			for k, v := range c.doc {
				if k != drop {
					cp[k] = v
				}
			}
			if !hasViolation(violations(rt, c.parse(mustJSON(rt, cp))), "/"+drop, "required") {
				rt.Fatalf("dropping %q was not reported", drop)
			}
		}
		// caller.id and caller.type are required too.
		sub := rapid.SampledFrom([]string{"id", "type"}).Draw(rt, "caller field")
		delete(caller, sub)
		if !hasViolation(violations(rt, cases[0].parse(mustJSON(rt, cases[0].doc))), "/caller/"+sub, "required") {
			rt.Fatalf("dropping caller.%s was not reported", sub)
		}
	})
}

// TestExamplesPassGeneratedValidator checks every schema/examples file with the generated
// validator of the type its name names (the independent validator checks them in
// schema/examples_test.go).
func TestExamplesPassGeneratedValidator(t *testing.T) {
	files, err := filepath.Glob("../../schema/examples/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		typeName, _, _ := strings.Cut(filepath.Base(f), ".")
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := skill.Parse(typeName, data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		// The value round-trips and validates.
		out, err := json.Marshal(v)
		if err != nil {
			t.Errorf("%s: marshal: %v", f, err)
			continue
		}
		again, err := skill.Parse(typeName, out)
		if err != nil {
			t.Errorf("%s: re-parse: %v", f, err)
		} else if diff := cmp.Diff(v, again); diff != "" {
			t.Errorf("%s: round trip (-want +got):\n%s", f, diff)
		}
	}
}
