package crosscheck

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/go-cmp/cmp"
)

// Result counts the documents one direction checked and describes every disagreement.
type Result struct {
	Documents     int
	Disagreements int
	Failures      []string // one description per disagreement (at most MaxFailures kept)
}

// MaxFailures bounds the descriptions a Result keeps.
const MaxFailures = 20

func (r *Result) fail(format string, args ...any) {
	r.Disagreements++
	if len(r.Failures) < MaxFailures {
		r.Failures = append(r.Failures, fmt.Sprintf(format, args...))
	}
}

// Add merges o into r.
func (r *Result) Add(o Result) {
	r.Documents += o.Documents
	r.Disagreements += o.Disagreements
	for _, f := range o.Failures {
		if len(r.Failures) < MaxFailures {
			r.Failures = append(r.Failures, f)
		}
	}
}

// CheckValid runs the valid direction for one type: n instances drawn from its arbitrary
// generator with seeds firstSeed, firstSeed+1, ..., each written with json.Marshal, must be
// accepted by the independent validator and by the generated ParseT, and ParseT must give back
// a value equal (go-cmp) to the instance.
func (s *Schema) CheckValid(typeName string, firstSeed, n int) Result {
	var r Result
	draw := s.gen.Arbitrary[typeName]
	if draw == nil {
		r.fail("%s: no arbitrary generator", typeName)
		return r
	}
	for i := range n {
		seed := firstSeed + i
		r.Documents++
		v, err := safeDraw(draw, seed)
		if err != nil {
			r.fail("%s seed %d: drawing an instance: %v", typeName, seed, err)
			continue
		}
		data, err := json.Marshal(v)
		if err != nil {
			r.fail("%s seed %d: json.Marshal: %v", typeName, seed, err)
			continue
		}
		var problems []string
		if err := s.IndependentValidate(typeName, data); err != nil {
			problems = append(problems, fmt.Sprintf("independent validator rejects it: %v", err))
		}
		got, errs, err := s.GeneratedValidate(typeName, data)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("Parse%s fails: %v", typeName, err))
		case errs != nil:
			problems = append(problems, fmt.Sprintf("Parse%s rejects it: %v", typeName, errs))
		default:
			if d := cmp.Diff(v, valueOf(v, got)); d != "" {
				problems = append(problems, fmt.Sprintf("Parse%s(json.Marshal(v)) differs from v (-v +parsed):\n%s", typeName, d))
			}
		}
		if len(problems) > 0 {
			r.fail("%s seed %d: document %s\n  %v", typeName, seed, data, problems)
		}
	}
	return r
}

// valueOf is what ParseT gave for an instance v: the value itself, or, for a type whose schema
// accepts null (ParseT returns a *T, nil for null), the value it points to.
func valueOf(v, got any) any {
	g := reflect.ValueOf(got)
	if v != nil && g.Kind() == reflect.Pointer && !g.IsNil() && g.Type().Elem() == reflect.TypeOf(v) {
		return g.Elem().Interface()
	}
	return got
}

func safeDraw(draw func(int) any, seed int) (v any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	return draw(seed), nil
}
