package measure

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestRunSuccess(t *testing.T) {
	var out strings.Builder
	r, err := Run(context.Background(), "", []string{"sh", "-c", "echo hi; echo err >&2"}, &out, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() || r.Failure() != "" || out.String() != "hi\n" || r.Stderr != "err\n" {
		t.Fatalf("got %+v, stdout %q", r, out.String())
	}
	if r.MaxRSS <= 0 || r.Wall <= 0 {
		t.Fatalf("no usage recorded: %+v", r)
	}
}

func TestRunFailures(t *testing.T) {
	r, err := Run(context.Background(), "", []string{"sh", "-c", "echo 'RangeError: Maximum call stack size exceeded' >&2; exit 1"}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.OK() || r.Failure() != "stack overflow" {
		t.Fatalf("got %q", r.Failure())
	}
	r, _ = Run(context.Background(), "", []string{"sh", "-c", "exit 3"}, nil, 0)
	if r.Failure() != "exit 3" {
		t.Fatalf("got %q", r.Failure())
	}
	if _, err := Run(context.Background(), "", []string{"/nonexistent/program"}, nil, 0); err == nil {
		t.Fatal("starting a missing program succeeded")
	}
}

// TestRunTimeoutKillsGroup: the time limit ends the command and the children it started.
func TestRunTimeoutKillsGroup(t *testing.T) {
	r, err := Run(context.Background(), "", []string{"sh", "-c", "sleep 30 & sleep 30; wait"}, nil, 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TimedOut || r.Failure() != "timeout" {
		t.Fatalf("got %+v", r)
	}
}

func TestTail(t *testing.T) {
	tl := &tail{n: 4}
	for _, s := range []string{"abc", "defgh", "ij"} {
		tl.Write([]byte(s))
	}
	if tl.String() != "ghij" {
		t.Fatalf("got %q", tl.String())
	}
}

// TestRunCPUAndCap: the CPU time of a busy child is counted, and a command whose group goes
// over the memory cap is killed and reported so.
func TestRunCPUAndCap(t *testing.T) {
	r, err := Run(context.Background(), "", []string{"sh", "-c", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"}, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() || r.CPU <= 0 {
		t.Fatalf("no CPU time recorded: %+v", r)
	}
	// python3 spins for a while, then holds 400 MB; the cap is 100 MiB. The time it spent
	// counts although it is killed (its rusage is never collected).
	r, err = RunCapped(context.Background(), "", []string{"python3", "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\nb = bytearray(400 << 20); b[::4096] = b'x' * len(b[::4096]); time.sleep(30)"}, nil, time.Minute, 100<<20)
	if err != nil {
		t.Fatal(err)
	}
	if r.OK() || r.OverCap != 100<<20 || r.Failure() != "over 0.1 GiB, killed" || r.CPU < 200*time.Millisecond {
		t.Fatalf("got %+v (%s)", r, r.Failure())
	}
}
