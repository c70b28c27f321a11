// Package errlist is a list of errors that is itself an error: one line per error, and
// errors.Is and errors.As see each of them.
package errlist

import "strings"

// List is a list of errors of one type.
type List[E error] []E

// Error lists the errors, one per line.
func (l List[E]) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap returns the errors.
func (l List[E]) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}
