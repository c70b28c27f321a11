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

// Generated is a generated Go package the cross-checks run against: its type names, its
// parser and deterministic draws from its arbitraries.
type Generated struct {
	TypeNames func() []string
	// Validate parses data as the named type. It returns the value, the violations (nil when
	// valid), and any other error (a decode failure after validation passed, or an unknown
	// type), which is always a disagreement.
	Validate func(typeName string, data []byte) (any, []ErrorRef, error)
	// Arbitrary maps every type of TypeNames to a deterministic draw from its arbitrary
	// generator (the same seed gives the same value).
	Arbitrary map[string]func(seed int) any
}

// Canonical is the package generated from the canonical schema, gen/go.
var Canonical = &Generated{TypeNames: skill.TypeNames, Validate: ValidateWith[skill.ValidationErrors](skill.Parse), Arbitrary: Arbitrary}

// ValidateWith makes a Generated.Validate of a generated package's Parse and its
// ValidationErrors type V.
func ValidateWith[V ~[]E, E ~struct{ Pointer, Keyword, Message string }](parse func(string, []byte) (any, error)) func(string, []byte) (any, []ErrorRef, error) {
	return func(typeName string, data []byte) (any, []ErrorRef, error) {
		v, err := parse(typeName, data)
		if err == nil {
			return v, nil, nil
		}
		var verrs V
		if !errors.As(err, &verrs) {
			return nil, nil, err
		}
		refs := make([]ErrorRef, 0, len(verrs))
		for _, e := range verrs {
			x := struct{ Pointer, Keyword, Message string }(e)
			refs = append(refs, ErrorRef{Pointer: x.Pointer, Keyword: x.Keyword, Message: x.Message})
		}
		if len(refs) == 0 {
			return nil, nil, errors.New("empty ValidationErrors")
		}
		return nil, refs, nil
	}
}

// GeneratedValidate parses data as the named type with the schema's generated package (see
// Generated.Validate).
func (s *Schema) GeneratedValidate(typeName string, data []byte) (any, []ErrorRef, error) {
	return s.gen.Validate(typeName, data)
}

// Example draws one value deterministically from a generator.
func Example[T any](g *rapid.Generator[T]) func(seed int) any {
	return func(seed int) any { return g.Example(seed) }
}

// Arbitrary maps every type of skill.TypeNames to a deterministic draw from its
// gen/go/arbitrary generator (the same seed gives the same value).
var Arbitrary = map[string]func(seed int) any{
	"Finding":                  Example(arbitrary.Finding()),
	"FindingsResponse":         Example(arbitrary.FindingsResponse()),
	"Meta":                     Example(arbitrary.Meta()),
	"GetSessionFindingsParams": Example(arbitrary.GetSessionFindingsParams()),
	"InvocationRequest":        Example(arbitrary.InvocationRequest()),
	"Caller":                   Example(arbitrary.Caller()),
	"CallerType":               Example(arbitrary.CallerType()),
	"InvocationResponse":       Example(arbitrary.InvocationResponse()),
	"InvocationStatus":         Example(arbitrary.InvocationStatus()),
	"Timestamps":               Example(arbitrary.Timestamps()),
	"InvocationError":          Example(arbitrary.InvocationError()),
	"ProtocolVersion":          Example(arbitrary.ProtocolVersion()),
	"SkillDescriptor":          Example(arbitrary.SkillDescriptor()),
	"Provider":                 Example(arbitrary.Provider()),
	"Endpoint":                 Example(arbitrary.Endpoint()),
	"EndpointMethod":           Example(arbitrary.EndpointMethod()),
	"InputParameter":           Example(arbitrary.InputParameter()),
	"OutputDescriptor":         Example(arbitrary.OutputDescriptor()),
	"ValueType":                Example(arbitrary.ValueType()),
	"Auth":                     Example(arbitrary.Auth()),
	"APIKeyAuth":               Example(arbitrary.APIKeyAuth()),
	"APIKeyAuthIn":             Example(arbitrary.APIKeyAuthIn()),
	"OAuth2Auth":               Example(arbitrary.OAuth2Auth()),
	"CustomAuth":               Example(arbitrary.CustomAuth()),
	"NoAuth":                   Example(arbitrary.NoAuth()),
	"SkillIndex":               Example(arbitrary.SkillIndex()),
	"SkillIndexEntry":          Example(arbitrary.SkillIndexEntry()),
	"SemVer":                   Example(arbitrary.SemVer()),
	"CapabilityType":           Example(arbitrary.CapabilityType()),
	"Access":                   Example(arbitrary.Access()),
	"Severity":                 Example(arbitrary.Severity()),
	"SkillID":                  Example(arbitrary.SkillID()),
	"Timestamp":                Example(arbitrary.Timestamp()),
}
