package errlist

import (
	"errors"
	"testing"
)

type placed struct{ at string }

func (p *placed) Error() string { return p.at + ": wrong" }

func TestList(t *testing.T) {
	l := List[*placed]{{at: "/a"}, {at: "/b"}}
	var err error = l
	if got, want := err.Error(), "/a: wrong\n/b: wrong"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var p *placed
	if !errors.As(err, &p) || p.at != "/a" {
		t.Errorf("errors.As found %v, want the first error", p)
	}
	if !errors.Is(err, l[1]) {
		t.Error("errors.Is does not find the second error")
	}
	if got := (List[*placed]{}).Error(); got != "" {
		t.Errorf("an empty list reads %q", got)
	}
}
