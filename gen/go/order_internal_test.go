package skill

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestErrorsInKeyOrder: the violations of the loops over an object's members come in the code
// point order of the keys whatever the order of the document (the validators read the members
// in document order and sort only what they report). Keys with "/" and "~" check that the
// order is that of the keys, not of their pointer tokens.
func TestErrorsInKeyOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfNDistinct(rapid.StringMatching(`^[a-c/~é]{1,4}$`), 1, 30, func(s string) string { return s }).Draw(t, "keys")
		rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1)).Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		var doc strings.Builder
		doc.WriteString(`{"version":"1.0.0"`)
		for _, k := range keys {
			doc.WriteString("," + strconv.Quote(k) + ":1")
		}
		doc.WriteString("}")
		_, err := ParseProtocolVersion([]byte(doc.String()))
		var verrs ValidationErrors
		if !errors.As(err, &verrs) {
			t.Fatalf("%s: %v, want validation errors", doc.String(), err)
		}
		var got []string
		for _, e := range verrs {
			if e.Keyword == "additionalProperties" {
				tok := strings.TrimPrefix(e.Pointer, "/")
				got = append(got, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"))
			}
		}
		want := slices.Clone(keys)
		if i := slices.Index(want, "version"); i >= 0 {
			want = slices.Delete(want, i, i+1)
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: additionalProperties errors at %q, want %q", doc.String(), got, want)
		}
	})
}
