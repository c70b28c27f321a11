// Package bug turns a panic of skillgen's own code into an error that says so, names what was
// being done and where it happened, so that a schema that finds a bug is reported like any
// other failure (with the file it came from) instead of ending the process, whichever
// goroutine it happens on.
package bug

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// Catch runs f and returns its error or, when f panics, an error naming what, the panic and
// the frames below it. Call it in every goroutine that runs generator code: a panic is only
// recovered on its own goroutine.
func Catch(what string, f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: internal error of skillgen, a bug (please report it with the schema): %v\n%s", what, r, frames(string(debug.Stack()), 24))
		}
	}()
	return f()
}

// frames keeps at most n lines of a stack trace from the frame that panicked on: the lines
// before it are the goroutine's header, debug.Stack, this package and the runtime's panic.
func frames(stack string, n int) string {
	lines := strings.Split(strings.TrimRight(stack, "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+2 < len(lines) {
			lines = lines[i+2:]
			break
		}
	}
	if len(lines) > n {
		lines = append(lines[:n], "\t…")
	}
	return strings.Join(lines, "\n")
}
