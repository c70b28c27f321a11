//go:build unix

package generator

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// TestKilledProcess is TestInterruptedRunsRecover with a real process and a real SIGKILL: a
// run of the test binary from one generation to the other kills itself at change k, for every
// k; the system releases its locks and keeps its temporary files, lock files and half-written
// state; the next run, with the same inputs and with the other generation's, succeeds and
// leaves exactly that generation and the user's files.
func TestKilledProcess(t *testing.T) {
	if at := os.Getenv("SKILLGEN_TEST_KILL_AT"); at != "" {
		killedRun(t, at)
		return
	}
	if testing.Short() {
		t.Skip("runs the test binary once for every change of a run")
	}
	gens := generations(t, "")
	wants := [2]map[string]string{want(t, gens[0], ""), want(t, gens[1], "")}
	scratch := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	const from, to = 0, 1
	kills := 0
	for k := 0; ; k++ {
		dir := filepath.Join(scratch, "killed")
		if err := errors.Join(os.Chdir(scratch), os.RemoveAll(dir), os.Mkdir(dir, 0o755), os.Chdir(dir)); err != nil {
			t.Fatal(err)
		}
		writeTree(t, dir, userFiles)
		if err := runOnce(gens[from]); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledProcess$", "-test.count=1")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "SKILLGEN_TEST_KILL_AT="+strconv.Itoa(k), "SKILLGEN_TEST_SCHEMA_DIR="+scratch)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err == nil {
			sameTree(t, fmt.Sprintf("not killed (change %d is past the end)", k), tree(t, dir), wants[to])
			break
		}
		if !errors.As(err, &exit) || !exit.Sys().(syscall.WaitStatus).Signaled() || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("change %d: the run ended otherwise than killed: %v\n%s", k, err, out)
		}
		kills++
		state := tree(t, dir)
		for f, c := range userFiles {
			if state[f] != c {
				t.Errorf("killed at change %d: the user's %s was changed or removed", k, f)
			}
		}
		for _, next := range []int{to, from} {
			d := filepath.Join(scratch, "next")
			if err := errors.Join(os.Chdir(scratch), os.RemoveAll(d), os.Mkdir(d, 0o755)); err != nil {
				t.Fatal(err)
			}
			writeTree(t, d, state)
			if err := os.Chdir(d); err != nil {
				t.Fatal(err)
			}
			if err := runOnce(gens[next]); err != nil {
				t.Fatalf("killed at change %d, the next run, generation %d: %v", k, next, err)
			}
			sameTree(t, fmt.Sprintf("killed at change %d, then generation %d", k, next), tree(t, d), wants[next])
		}
		if t.Failed() {
			return
		}
	}
	if kills < 20 {
		t.Errorf("killed at %d changes only", kills)
	}
	t.Logf("killed at each of %d changes", kills)
}

// killedRun is the run TestKilledProcess kills: generation 1 into the working folder, killed
// with SIGKILL before change at.
func killedRun(t *testing.T, at string) {
	k, err := strconv.Atoi(at)
	if err != nil {
		t.Fatal(err)
	}
	// The schema goes where the killed process leaves nothing behind that the parent does not
	// remove.
	gens := generationsFrom(t, "", os.Getenv("SKILLGEN_TEST_SCHEMA_DIR"))
	n := 0
	faultHook = func() error {
		if n == k {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal arrives
		}
		n++
		return nil
	}
	if err := runOnce(gens[1]); err != nil {
		t.Fatal(err)
	}
}
