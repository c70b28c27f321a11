package skill

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The hashed searches of the runtime (uniqueItems, x-unique-by, enum, repeated keys) must give
// exactly the answers of a comparison of every pair, whatever the order of object members and
// however a number is written.

// pairwise is the reference: the indexes j of keys equal (sgEqual) to the key of an earlier
// index; a nil key takes no part.
func pairwise(keys []*sgValue) []int {
	var out []int
	for j, kj := range keys {
		if kj == nil {
			continue
		}
		for _, ki := range keys[:j] {
			if ki != nil && sgEqual(ki, kj) {
				out = append(out, j)
				break
			}
		}
	}
	return out
}

// variant writes a JSON value that is equal to the one of text but spelled differently:
// members in another order, numbers with a fraction or an exponent.
func variant(r *rand.Rand, text string) string {
	v, err := sgParseDocument([]byte(text), nil)
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	var write func(v *sgValue)
	write = func(v *sgValue) {
		switch v.kind() {
		case sgKindNumber:
			f := v.num()
			switch {
			case f == 0 && r.IntN(2) == 0:
				b.WriteString("-0.0")
			case sgIsIntegral(f) && r.IntN(2) == 0:
				fmt.Fprintf(&b, "%d.0", int64(f))
			case sgIsIntegral(f) && f != 0 && r.IntN(2) == 0:
				fmt.Fprintf(&b, "%de0", int64(f))
			default:
				b.WriteString(v.str)
			}
		case sgKindArray:
			b.WriteByte('[')
			items := v.items()
			for i := range items {
				if i > 0 {
					b.WriteByte(',')
				}
				write(&items[i])
			}
			b.WriteByte(']')
		case sgKindObject:
			order := r.Perm(v.size())
			b.WriteByte('{')
			for i, m := range order {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(sgQuote(v.keys()[m]) + ":")
				write(&v.vals()[m])
			}
			b.WriteByte('}')
		case sgKindString:
			b.WriteString(sgQuote(v.str))
		case sgKindBool:
			fmt.Fprint(&b, v.isTrue())
		default:
			b.WriteString("null")
		}
	}
	write(v)
	return b.String()
}

// randomValue writes a small JSON value from few distinct atoms, so that equal values and
// near misses (same members, one value apart) are frequent.
func randomValue(r *rand.Rand, depth int) string {
	atoms := []string{`null`, `true`, `false`, `0`, `1`, `2`, `-1`, `1.5`, `""`, `"a"`, `"b"`, `"1"`}
	if depth == 0 || r.IntN(3) == 0 {
		return atoms[r.IntN(len(atoms))]
	}
	n := r.IntN(4)
	parts := make([]string, n)
	if r.IntN(2) == 0 {
		for i := range parts {
			parts[i] = randomValue(r, depth-1)
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	keys := r.Perm(4)
	for i := range parts {
		parts[i] = fmt.Sprintf(`"k%d":%s`, keys[i], randomValue(r, depth-1))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// randomArray writes an array of n items drawn from a pool of values, each item a variant of
// its pool value.
func randomArray(r *rand.Rand, n int) []string {
	pool := make([]string, 1+r.IntN(n+1))
	for i := range pool {
		pool[i] = randomValue(r, 3)
	}
	items := make([]string, n)
	for i := range items {
		items[i] = variant(r, pool[r.IntN(len(pool))])
	}
	return items
}

func mustParse(t *testing.T, text string) *sgValue {
	t.Helper()
	v, err := sgParseDocument([]byte(text), nil)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return v
}

func TestDuplicatesMatchPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for c := 0; c < 400; c++ {
		// Small arrays take the pairwise path, larger ones the hashed one.
		n := r.IntN(3 * sgSmall)
		items := randomArray(r, n)
		a := mustParse(t, "["+strings.Join(items, ",")+"]").items()
		keys := make([]*sgValue, len(a))
		for i := range a {
			keys[i] = &a[i]
		}
		if got, want := sgDuplicates(a), pairwise(keys); !slices.Equal(got, want) {
			t.Fatalf("sgDuplicates(%s) = %v, want %v", items, got, want)
		}
		// x-unique-by over the same values as members "id" of some of the items.
		objs := make([]string, n)
		for i, it := range items {
			switch r.IntN(4) {
			case 0:
				objs[i] = it // not an object with the member (unless it is one)
			case 1:
				objs[i] = `{"other":` + it + `}`
			default:
				objs[i] = `{"x":1,"id":` + it + `}`
			}
		}
		b := mustParse(t, "["+strings.Join(objs, ",")+"]").items()
		for i := range b {
			keys[i] = nil
			if b[i].kind() == sgKindObject {
				keys[i] = b[i].get("id")
			}
		}
		if got, want := sgDuplicatesBy(b, "id"), pairwise(keys); !slices.Equal(got, want) {
			t.Fatalf("sgDuplicatesBy(%s) = %v, want %v", objs, got, want)
		}
	}
}

func TestDuplicatesEqualSpellings(t *testing.T) {
	a := mustParse(t, `[1, 1.0, 10e-1, {"a":1,"b":[2]}, {"b":[2.0],"a":1}, 0, -0, "1", [1], [1.0], {"a":{"c":1,"d":2}}, {"a":{"d":2,"c":1}}]`).items()
	big := make([]sgValue, 0, 3*len(a))
	for range 3 {
		big = append(big, a...) // past sgSmall: the hashed path
	}
	if got, want := sgDuplicates(a), []int{1, 2, 4, 6, 9, 11}; !slices.Equal(got, want) {
		t.Errorf("sgDuplicates = %v, want %v", got, want)
	}
	want := []int{1, 2, 4, 6, 9, 11}
	for i := len(a); i < len(big); i++ {
		want = append(want, i)
	}
	if got := sgDuplicates(big); !slices.Equal(got, want) {
		t.Errorf("sgDuplicates of three copies = %v, want %v", got, want)
	}
}

func TestEnumMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for c := 0; c < 200; c++ {
		values := randomArray(r, r.IntN(4*sgSmall))
		en := sgNewEnum("[" + strings.Join(values, ",") + "]")
		if (en.index != nil) != (len(values) > sgSmall) {
			t.Fatalf("%d values: index built %v", len(values), en.index != nil)
		}
		for range 20 {
			probe := randomValue(r, 3)
			if r.IntN(2) == 0 && len(values) > 0 {
				probe = variant(r, values[r.IntN(len(values))])
			}
			v := mustParse(t, probe)
			want := false
			for i := range en.values {
				want = want || sgEqual(v, &en.values[i])
			}
			if got := en.has(v); got != want {
				t.Fatalf("enum %s has %s = %v, want %v", values, probe, got, want)
			}
		}
	}
}

// TestRepeatedKeys: of a repeated key the last value wins, with few members (a scan) and with
// many (a map).
func TestRepeatedKeys(t *testing.T) {
	for _, n := range []int{3, sgSmall, sgSmall + 1, 100} {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, `"k%d":%d,`, i, i)
		}
		fmt.Fprintf(&b, `"k0":"last","k%d":"again","k0":"final"}`, n-1)
		v := mustParse(t, b.String())
		if v.size() != n {
			t.Fatalf("n=%d: %d members, want %d", n, v.size(), n)
		}
		if got := v.get("k0"); got == nil || got.str != "final" || v.keys()[0] != "k0" {
			t.Errorf("n=%d: k0 = %+v (first member %q), want \"final\" in first place", n, got, v.keys()[0])
		}
		if got := v.get(fmt.Sprintf("k%d", n-1)); got == nil || got.str != "again" {
			t.Errorf("n=%d: last key = %+v, want \"again\"", n, got)
		}
	}
}
