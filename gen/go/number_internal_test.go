package skill

import (
	"strings"
	"testing"
)

// TestNumberRange: a number outside the range of a double is refused whether it has an
// exponent or only many digits, and every literal in range keeps its value (the parser reads
// the double only where an exponent or hundreds of digits could leave the range).
func TestNumberRange(t *testing.T) {
	refused := []string{
		"1e400", "-1E400", "1" + strings.Repeat("0", 309), "-" + strings.Repeat("9", 400),
		strings.Repeat("9", 309) + ".5",
	}
	for _, lit := range refused {
		_, err := sgParseDocument([]byte(`{"n":`+lit+`}`), nil)
		if err == nil || !strings.Contains(err.Error(), "is outside the range of a double") {
			t.Errorf("%.20s…: error %v, want outside the range of a double", lit, err)
		}
	}
	kept := map[string]float64{
		"1" + strings.Repeat("0", 299):          1e299,
		"0." + strings.Repeat("0", 297) + "1":   1e-298,
		"1e-400":                                0,
		"-0":                                    0,
		"12.5":                                  12.5,
		"1" + strings.Repeat("0", 300) + ".000": 1e300,
	}
	for lit, want := range kept {
		v, err := sgParseDocument([]byte("["+lit+"]"), nil)
		if err != nil {
			t.Errorf("%.20s…: %v", lit, err)
			continue
		}
		if got := v.items()[0].num(); got != want {
			t.Errorf("%.20s…: %v, want %v", lit, got, want)
		}
	}
}
