package bug

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestCatch(t *testing.T) {
	want := errors.New("plain")
	if err := Catch("x", func() error { return want }); err != want {
		t.Errorf("an error: got %v, want it unchanged", err)
	}
	if err := Catch("x", func() error { return nil }); err != nil {
		t.Errorf("no error: got %v", err)
	}
	// A panic on another goroutine, caught there, as the emitters' workers do.
	var err error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		err = Catch("types.go", func() error {
			var m map[string]*int
			return errors.New(string(rune(*m["a"]))) // nil dereference
		})
	}()
	wg.Wait()
	if err == nil {
		t.Fatal("a panic: no error")
	}
	msg := err.Error()
	for _, s := range []string{"types.go: internal error of skillgen", "nil pointer dereference", "bug.TestCatch"} {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q lacks %q", msg, s)
		}
	}
	if strings.Contains(msg, "runtime/debug.Stack") || strings.Contains(msg, "[running]") {
		t.Errorf("error %q keeps the frames above the panic", msg)
	}
}
