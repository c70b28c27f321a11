package realworld

import (
	"testing"

	"github.com/skillgen/skillgen/generator/load"
)

func TestReason(t *testing.T) {
	for reason, want := range map[string]string{
		`remote reference https://x.test/a.json is not the $id of any loaded schema; skillgen never fetches (…)`:               "remote reference to another site",
		`reference "a.json": https://json.schemastore.org/a.json maps to d/a.json, which cannot be read (-ref-map …): no file`: "remote reference to a Schema Store file not in the corpus",
		`reference "b.json": no schema file b.json in the schema root`:                                                         "reference to a schema file beside it that is not in the corpus",
		`keyword "contentMediaType" is not supported by skillgen`:                                                              "unsupported keyword contentMediaType",
		`unknown keyword "requried": did you mean "required"?`:                                                                 "misspelt keyword",
		`pattern "a(?=b)" uses lookaround or backreferences, which RE2 (Go) cannot compile (…)`:                                "pattern with lookaround or backreference (RE2 cannot compile it)",
		`does not conform to the draft-07 metaschema: 5 is a number, want string`:                                              "does not conform to its metaschema",
		`reference "#/x" points at nothing (no /x in s.json)`:                                                                  "reference points at nothing",
		`something else`: "something else",
	} {
		if got := Reason(&load.Error{File: "s.json", Reason: reason}); got != want {
			t.Errorf("Reason(%q) = %q, want %q", reason, got, want)
		}
	}
}

func TestTypedShare(t *testing.T) {
	src := []byte(`package p

type A struct {
	X    string
	Y, Z any
	M    map[string]any
}

type B any

type C interface{}

type D []string
`)
	typed, total := TypedShare(src)
	// Types A, B, C, D and fields X, Y, Z, M: B, C, Y and Z are any.
	if typed != 4 || total != 8 {
		t.Errorf("TypedShare = %d of %d, want 4 of 8", typed, total)
	}
}
