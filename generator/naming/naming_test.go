package naming

import "testing"

// TestValueSuffix: enum values name their constants readably, punctuation and signs spelt out.
func TestValueSuffix(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"public", "Public"},
		{"<=", "LessEqual"},
		{"+1", "Plus1"},
		{"-1", "Minus1"},
		{"1.5", "1Point5"},
		{"!op", "NotOp"},
		{"!isop", "NotIsop"},
		{"not op", "NotOp"},
		{"a!b", "AB"},
		{"", "Empty"},
	} {
		if got := ValueSuffix(c.value); got != c.want {
			t.Errorf("ValueSuffix(%q) = %q, want %q", c.value, got, c.want)
		}
	}
}
