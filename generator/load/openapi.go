package load

import (
	"bytes"
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
)

// openAPI reads an OpenAPI document (raw, its JSON text data): its components/schemas, each
// checked against the metaschema of the document's schema dialect, become the $defs of the
// canonical form (normalize.NormalizeOpenAPI). Paths, webhooks and the other components are
// out of scope: one warning says so. ok is false when the document cannot be read (its errors
// are recorded).
func (s *Set) openAPI(f *File, raw *ojson.Value, data []byte, api normalize.OpenAPI) (*normalize.Document, []normalize.Finding, bool) {
	dl := normalize.Dialect{Draft: normalize.Draft4}
	if api == normalize.OpenAPI31 {
		dl.Draft = normalize.Draft2020
		if d, ok := raw.Get("jsonSchemaDialect"); ok {
			switch {
			case d.Kind != ojson.String:
				s.fail(f, "/jsonSchemaDialect", "\"jsonSchemaDialect\" must be a URI")
				return nil, nil, false
			case normalize.IsOpenAPIDialect(d.Str):
			default:
				draft, known := normalize.FromURI(d.Str)
				if !known {
					s.fail(f, "/jsonSchemaDialect", "jsonSchemaDialect %q is not a dialect skillgen reads (OpenAPI's base dialect, or a JSON Schema draft: draft-04, -06, -07, 2019-09, 2020-12)", d.Str)
					return nil, nil, false
				}
				dl.Draft, api = draft, normalize.NotOpenAPI
			}
		}
	}
	var ignored []string
	for _, m := range raw.Members {
		switch m.Key {
		case "paths", "webhooks":
			if (m.Value.Kind == ojson.Object && len(m.Value.Members) > 0) || m.Value.Kind == ojson.Array {
				ignored = append(ignored, m.Key)
			}
		}
	}
	if len(ignored) > 0 {
		what := "paths and their operations are"
		if len(ignored) == 2 {
			what = "paths, webhooks and their operations are"
		} else if ignored[0] == "webhooks" {
			what = "webhooks and their operations are"
		}
		s.warnings = append(s.warnings, &Error{File: f.Display, Pointer: "/" + ignored[0], Reason: fmt.Sprintf(
			"%s out of scope: ignored (skillgen generates the types of components/schemas)", what)})
	}
	comps, _ := raw.At("/components/schemas")
	if comps != nil && comps.Kind != ojson.Object {
		s.fail(f, "/components/schemas", "components/schemas must be an object of schemas")
		return nil, nil, false
	}
	if comps != nil && len(comps.Members) > 0 {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			s.fail(f, "", "not valid JSON: %v", err)
			return nil, nil, false
		}
		meta, err := metaschema(dl.Draft)
		if err != nil {
			s.fail(f, "", "the %s metaschema: %v", dl.Draft, err)
			return nil, nil, false
		}
		schemas, _ := valueAt(doc, []string{"components", "schemas"})
		byName, _ := schemas.(map[string]any)
		bad := false
		for _, m := range comps.Members {
			sub, ok := byName[m.Key]
			if !ok {
				continue
			}
			if err := meta.Validate(sub); err != nil {
				prefix := "/components/schemas/" + ojson.EscapeToken(m.Key)
				for _, e := range metaErrors(f, dl.Draft, sub, err) {
					e.Pointer = prefix + e.Pointer
					s.errs = append(s.errs, e)
				}
				bad = true
			}
		}
		if bad {
			return nil, nil, false
		}
	}
	norm, findings := normalize.NormalizeOpenAPI(raw, dl, api)
	return norm, findings, true
}
