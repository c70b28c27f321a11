package crosscheck

import (
	"errors"

	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
	"github.com/skillgen/skillgen/gen/go/arbitrary"
)

// ErrorRef is the part of a validation error the cross-checks compare: where, which keyword,
// and the message (the same text in Go and TypeScript, except for keyword json: each language's
// JSON reader words its own syntax errors).
type ErrorRef struct {
	Pointer string `json:"pointer"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
}

// GeneratedValidate parses data as the named type with the generated package. It returns the
// value, the violations (nil when valid), and any other error (a decode failure after
// validation passed, or an unknown type), which is always a disagreement.
func GeneratedValidate(typeName string, data []byte) (any, []ErrorRef, error) {
	v, err := skill.Parse(typeName, data)
	if err == nil {
		return v, nil, nil
	}
	var verrs skill.ValidationErrors
	if !errors.As(err, &verrs) {
		return nil, nil, err
	}
	refs := make([]ErrorRef, 0, len(verrs))
	for _, e := range verrs {
		refs = append(refs, ErrorRef{Pointer: e.Pointer, Keyword: e.Keyword, Message: e.Message})
	}
	if len(refs) == 0 {
		return nil, nil, errors.New("empty ValidationErrors")
	}
	return nil, refs, nil
}

// example draws one value deterministically from a generator.
func example[T any](g *rapid.Generator[T]) func(seed int) any {
	return func(seed int) any { return g.Example(seed) }
}

// Arbitrary maps every type of skill.TypeNames to a deterministic draw from its
// gen/go/arbitrary generator (the same seed gives the same value).
var Arbitrary = map[string]func(seed int) any{
	"Finding":                  example(arbitrary.Finding()),
	"FindingsResponse":         example(arbitrary.FindingsResponse()),
	"Meta":                     example(arbitrary.Meta()),
	"GetSessionFindingsParams": example(arbitrary.GetSessionFindingsParams()),
	"InvocationRequest":        example(arbitrary.InvocationRequest()),
	"Caller":                   example(arbitrary.Caller()),
	"CallerType":               example(arbitrary.CallerType()),
	"InvocationResponse":       example(arbitrary.InvocationResponse()),
	"InvocationStatus":         example(arbitrary.InvocationStatus()),
	"Timestamps":               example(arbitrary.Timestamps()),
	"InvocationError":          example(arbitrary.InvocationError()),
	"ProtocolVersion":          example(arbitrary.ProtocolVersion()),
	"SkillDescriptor":          example(arbitrary.SkillDescriptor()),
	"Provider":                 example(arbitrary.Provider()),
	"Endpoint":                 example(arbitrary.Endpoint()),
	"EndpointMethod":           example(arbitrary.EndpointMethod()),
	"InputParameter":           example(arbitrary.InputParameter()),
	"OutputDescriptor":         example(arbitrary.OutputDescriptor()),
	"ValueType":                example(arbitrary.ValueType()),
	"Auth":                     example(arbitrary.Auth()),
	"APIKeyAuth":               example(arbitrary.APIKeyAuth()),
	"APIKeyAuthIn":             example(arbitrary.APIKeyAuthIn()),
	"OAuth2Auth":               example(arbitrary.OAuth2Auth()),
	"CustomAuth":               example(arbitrary.CustomAuth()),
	"NoAuth":                   example(arbitrary.NoAuth()),
	"SkillIndex":               example(arbitrary.SkillIndex()),
	"SkillIndexEntry":          example(arbitrary.SkillIndexEntry()),
	"SemVer":                   example(arbitrary.SemVer()),
	"CapabilityType":           example(arbitrary.CapabilityType()),
	"Access":                   example(arbitrary.Access()),
	"Severity":                 example(arbitrary.Severity()),
	"SkillID":                  example(arbitrary.SkillID()),
	"Timestamp":                example(arbitrary.Timestamp()),
}
