package skill

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// The encoder writes the bytes encoding/json writes: strings escaped alike (HTML characters,
// control characters, U+2028 and U+2029, invalid UTF-8) and numbers formatted alike.

func TestEncodeStringAsEncodingJSON(t *testing.T) {
	special := []string{"", "<a href=\"x\">&amp;</a>", "\u2028\u2029", "\x00\x01\x1f\x7f", "\b\f\n\r\t\\\"",
		"\xff\xfe", "é\xc3", "\U0001F600", "a\u2029b"}
	check := func(t interface{ Fatalf(string, ...any) }, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("json.Marshal(%q): %v", s, err)
		}
		if got := sgAppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("sgAppendString(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
	for _, s := range special {
		check(t, s)
	}
	rapid.Check(t, func(t *rapid.T) {
		// Arbitrary bytes, so that invalid UTF-8 comes up as often as the rest.
		check(t, string(rapid.SliceOf(rapid.Byte()).Draw(t, "bytes")))
		check(t, rapid.String().Draw(t, "string"))
	})
}

func TestEncodeFloatAsEncodingJSON(t *testing.T) {
	check := func(t interface{ Fatalf(string, ...any) }, f float64) {
		want, werr := json.Marshal(f)
		e := sgEncoder{b: []byte{}}
		sgEncFloat(&e, f)
		switch {
		case werr != nil && e.err == nil:
			t.Fatalf("sgEncFloat(%v) = %s, encoding/json fails: %v", f, e.b, werr)
		case werr != nil:
			if e.err.Error() != werr.Error() {
				t.Fatalf("sgEncFloat(%v) fails with %v, encoding/json with %v", f, e.err, werr)
			}
		case e.err != nil || !bytes.Equal(e.b, want):
			t.Fatalf("sgEncFloat(%v) = %s (%v), encoding/json writes %s", f, e.b, e.err, want)
		}
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1e-6, 1e-7, 1e20, 1e21, 123456789e-15, -1.5e300,
		math.SmallestNonzeroFloat64, math.MaxFloat64, math.NaN(), math.Inf(1), math.Inf(-1)} {
		check(t, f)
	}
	rapid.Check(t, func(t *rapid.T) {
		check(t, rapid.Float64().Draw(t, "f"))
		check(t, math.Float64frombits(rapid.Uint64().Draw(t, "bits")))
	})
}

// A failure deep inside a value names where it is: NaN as an item of a slice, in a member.
func TestEncodeErrorPointer(t *testing.T) {
	e := sgEncoder{b: []byte{'{'}}
	e.key(`"xs":`)
	sgEncSlice(&e, []float64{1, math.NaN()}, sgEncFloat[float64])
	if e.err == nil {
		t.Fatal("NaN was written")
	}
	e.at("xs")
	if got, want := e.err.Error(), "/xs: /1: json: unsupported value: NaN"; got != want {
		t.Fatalf("error %q, want %q", got, want)
	}
}

// anyTree draws the values decoding gives an any field, and a few others a caller may put
// there.
func anyTree(depth int) *rapid.Generator[any] {
	return rapid.Custom(func(t *rapid.T) any {
		n := 6
		if depth > 3 {
			n = 4
		}
		switch rapid.IntRange(0, n+1).Draw(t, "kind") {
		case 0:
			return nil
		case 1:
			return rapid.Bool().Draw(t, "b")
		case 2:
			return string(rapid.SliceOf(rapid.Byte()).Draw(t, "s"))
		case 3:
			return json.Number(rapid.SampledFrom([]string{"0", "-1.5e-7", "12", "1E+2", "", "01", "1.", "abc"}).Draw(t, "n"))
		case 4:
			return rapid.Float64().Draw(t, "f")
		case 5:
			return rapid.SliceOfN(anyTree(depth+1), 0, 4).Draw(t, "items")
		case 6:
			return rapid.MapOfN(rapid.String(), anyTree(depth+1), 0, 4).Draw(t, "members")
		}
		return rapid.Int().Draw(t, "int")
	})
}

func TestEncodeAnyAsEncodingJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		x := anyTree(0).Draw(t, "x")
		want, werr := json.Marshal(x)
		e := sgEncoder{b: []byte{}}
		sgEncAny(&e, x)
		switch {
		case (werr == nil) != (e.err == nil):
			t.Fatalf("sgEncAny(%#v): error %v, encoding/json's %v", x, e.err, werr)
		case werr == nil && !bytes.Equal(e.b, want):
			t.Fatalf("sgEncAny(%#v) = %s, encoding/json writes %s", x, e.b, want)
		}
	})
}
