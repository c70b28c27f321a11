package skill_test

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	skill "github.com/skillgen/skillgen/gen/go"
	"github.com/skillgen/skillgen/gen/go/arbitrary"
)

// validatable is every generated type with a Validate method.
type validatable interface{ Validate() error }

// canonicalTypes draws a value of each named type of the canonical schema that has a
// Validate method, by its name.
func canonicalTypes() map[string]func(*rapid.T) validatable {
	gen := func(g any) func(*rapid.T) validatable {
		return func(t *rapid.T) validatable {
			out := reflect.ValueOf(g).MethodByName("Draw").Call([]reflect.Value{reflect.ValueOf(t), reflect.ValueOf("value")})
			return out[0].Interface().(validatable)
		}
	}
	return map[string]func(*rapid.T) validatable{
		"Finding": gen(arbitrary.Finding()), "FindingsResponse": gen(arbitrary.FindingsResponse()), "Meta": gen(arbitrary.Meta()),
		"GetSessionFindingsParams": gen(arbitrary.GetSessionFindingsParams()), "InvocationRequest": gen(arbitrary.InvocationRequest()),
		"Caller": gen(arbitrary.Caller()), "CallerType": gen(arbitrary.CallerType()), "InvocationResponse": gen(arbitrary.InvocationResponse()),
		"InvocationStatus": gen(arbitrary.InvocationStatus()), "Timestamps": gen(arbitrary.Timestamps()),
		"InvocationError": gen(arbitrary.InvocationError()), "ProtocolVersion": gen(arbitrary.ProtocolVersion()),
		"SkillDescriptor": gen(arbitrary.SkillDescriptor()), "Provider": gen(arbitrary.Provider()), "Endpoint": gen(arbitrary.Endpoint()),
		"EndpointMethod": gen(arbitrary.EndpointMethod()), "InputParameter": gen(arbitrary.InputParameter()),
		"OutputDescriptor": gen(arbitrary.OutputDescriptor()), "ValueType": gen(arbitrary.ValueType()), "Auth": gen(arbitrary.Auth()),
		"APIKeyAuth": gen(arbitrary.APIKeyAuth()), "APIKeyAuthIn": gen(arbitrary.APIKeyAuthIn()), "OAuth2Auth": gen(arbitrary.OAuth2Auth()),
		"CustomAuth": gen(arbitrary.CustomAuth()), "NoAuth": gen(arbitrary.NoAuth()), "SkillIndex": gen(arbitrary.SkillIndex()),
		"SkillIndexEntry": gen(arbitrary.SkillIndexEntry()), "SemVer": gen(arbitrary.SemVer()), "CapabilityType": gen(arbitrary.CapabilityType()),
		"Access": gen(arbitrary.Access()), "Severity": gen(arbitrary.Severity()), "SkillID": gen(arbitrary.SkillID()),
		"Timestamp": gen(arbitrary.Timestamp()),
	}
}

// TestValidateTypesCovered checks that the table above names every type with a Validate.
func TestValidateTypesCovered(t *testing.T) {
	types := canonicalTypes()
	n := 0
	for _, name := range skill.TypeNames() {
		if _, ok := types[name]; ok {
			n++
		}
	}
	if n != len(types) || n < 33 {
		t.Fatalf("%d of the %d drawn types are among TypeNames (want all, and at least 33)", n, len(types))
	}
}

// sameErrors fails unless a and b are both nil or the same ValidationErrors.
func sameErrors(t *rapid.T, what string, got, want error) {
	if (got == nil) != (want == nil) || (got != nil && !reflect.DeepEqual(got, want)) {
		t.Fatalf("%s: Validate = %#v, by JSON %#v", what, got, want)
	}
}

// TestValidateWalkAllocatesNothing: Validate of a valid value of every canonical type walks
// the value and allocates nothing; its verdict is the verdict of the JSON round trip.
func TestValidateWalkAllocatesNothing(t *testing.T) {
	for name, draw := range canonicalTypes() {
		t.Run(name, func(t *testing.T) {
			checked := 0
			rapid.Check(t, func(rt *rapid.T) {
				v := draw(rt)
				want := skill.ValidateByJSON(name, v)
				sameErrors(rt, name, v.Validate(), want)
				if want != nil {
					return
				}
				checked++
				if n := testing.AllocsPerRun(2, func() { _ = v.Validate() }); n != 0 {
					data, _ := json.Marshal(v)
					rt.Fatalf("Validate of a valid %s allocates %v times: %s", name, n, data)
				}
			})
			if checked == 0 {
				t.Fatalf("no valid %s was drawn", name)
			}
		})
	}
}

// TestValidateWalkAsBefore: on values broken at random (strings empty, too long, of invalid
// UTF-8 or with U+FFFD; numbers out of range, NaN and infinite; nil and emptied slices, maps
// and pointers; duplicated items; kept members that are not JSON or not plain JSON; values
// typed any that JSON cannot hold), Validate gives exactly the errors of the JSON round trip.
// Feature: skill-sharing-protocol, Property 3: validator correctness (the Go value's walk agrees
// with the document's).
func TestValidateWalkAsBefore(t *testing.T) {
	types := canonicalTypes()
	for name, draw := range types {
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				v := draw(rt)
				p := reflect.New(reflect.TypeOf(v))
				p.Elem().Set(reflect.ValueOf(v))
				breakValue(rt, p.Elem(), 0)
				w := p.Elem().Interface().(validatable)
				sameErrors(rt, name, w.Validate(), skill.ValidateByJSON(name, w))
			})
		})
	}
}

var rawTexts = []string{`{"a":1}`, `{ "a" : 1 }`, `[1e400]`, `[1e5]`, "\"\xff\"", `"<&>"`, `nonsense`, ``, `"\ud800"`, `1.5`, `null`,
	`[[[]]]`, `{"a":{"a":"x"},"a":2}`, strings.Repeat("[", 600) + strings.Repeat("]", 600), "\"\u2028\""}

// breakValue changes, now and then, a part of the value v (settable) in a way that may break it.
func breakValue(t *rapid.T, v reflect.Value, depth int) {
	if depth > 6 || !v.CanSet() {
		return
	}
	change := rapid.IntRange(0, 9).Draw(t, "change") == 0
	switch v.Kind() {
	case reflect.String:
		if change {
			s := v.String()
			v.SetString(rapid.SampledFrom([]string{"", "\xff", s + "\xff", strings.Repeat("a", 300), strings.Repeat("é", 70), "x", s + "\uFFFD",
				"critical", "failed", "api", "1.0.0", "https://a.example", "a.b", s + s}).Draw(t, "string"))
		}
	case reflect.Int64, reflect.Int:
		if change {
			v.SetInt(rapid.SampledFrom([]int64{-1, 0, 1, 1 << 53, 1<<53 - 1, math.MaxInt64, 100, 101}).Draw(t, "int"))
		}
	case reflect.Float64:
		if change {
			v.SetFloat(rapid.SampledFrom([]float64{math.NaN(), math.Inf(1), -1, 0.5, 1e300}).Draw(t, "float"))
		}
	case reflect.Bool:
		if change {
			v.SetBool(!v.Bool())
		}
	case reflect.Pointer:
		if change {
			v.SetZero()
			return
		}
		if !v.IsNil() {
			breakValue(t, v.Elem(), depth+1)
		}
	case reflect.Slice:
		if v.Type() == reflect.TypeFor[json.RawMessage]() {
			if change {
				v.SetBytes([]byte(rapid.SampledFrom(rawTexts).Draw(t, "raw")))
			}
			return
		}
		if change {
			switch rapid.IntRange(0, 2).Draw(t, "how") {
			case 0:
				v.SetZero()
			case 1:
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			default:
				if v.Len() > 0 {
					v.Set(reflect.Append(v, v.Index(0)))
				}
			}
			return
		}
		for i := 0; i < v.Len(); i++ {
			breakValue(t, v.Index(i), depth+1)
		}
	case reflect.Map:
		if change {
			if rapid.Bool().Draw(t, "nil") {
				v.SetZero()
				return
			}
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			}
			key := reflect.ValueOf(rapid.SampledFrom([]string{"", "\xff", "x-a", "info", "id", "name", strings.Repeat("k", 70)}).Draw(t, "key")).Convert(v.Type().Key())
			val := reflect.New(v.Type().Elem()).Elem()
			if v.Len() > 0 {
				it := v.MapRange()
				it.Next()
				val.Set(it.Value())
			}
			breakValue(t, val, depth+1)
			v.SetMapIndex(key, val)
			return
		}
		// Values in a map are not addressable: each is copied, changed and put back.
		keys := v.MapKeys()
		for _, k := range keys {
			val := reflect.New(v.Type().Elem()).Elem()
			val.Set(v.MapIndex(k))
			breakValue(t, val, depth+1)
			v.SetMapIndex(k, val)
		}
	case reflect.Interface:
		if change {
			vals := []any{nil, int(3), math.NaN(), json.Number("1e5"), json.Number("12"), json.Number("x"), "s", []any{1.5}, map[string]any{"a": math.Inf(1)}, true}
			x := vals[rapid.IntRange(0, len(vals)-1).Draw(t, "any")]
			if x == nil {
				v.SetZero()
			} else {
				v.Set(reflect.ValueOf(x))
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				breakValue(t, v.Field(i), depth+1)
			}
		}
	}
}
