// Package measure runs a command to completion and reports its wall time, its CPU time and
// the peak resident set size of its process tree (wait4's rusage: the sum of the times and the
// largest RSS of the process and of the descendants it waited for).
package measure

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Result is one run of one command.
type Result struct {
	Wall     time.Duration
	CPU      time.Duration // user + system, of the process and the descendants it waited for
	MaxRSS   int64         // bytes
	ExitCode int
	TimedOut bool
	// OverCap is the memory cap the process group went over (it was killed then), 0 when it
	// stayed under or had none.
	OverCap int64
	Stderr  string // the last few KiB of standard error
}

// OK reports whether the command exited with status 0 within its time and memory limits.
func (r Result) OK() bool { return !r.TimedOut && r.OverCap == 0 && r.ExitCode == 0 }

// Failure names why a run failed, in a few words ("" when it succeeded).
func (r Result) Failure() string {
	switch {
	case r.TimedOut:
		return "timeout"
	case r.OverCap > 0:
		return fmt.Sprintf("over %s, killed", GiB(r.OverCap))
	case r.ExitCode == 0:
		return ""
	case strings.Contains(r.Stderr, "Maximum call stack size exceeded"),
		strings.Contains(r.Stderr, "RangeError: Maximum call stack"),
		strings.Contains(r.Stderr, "goroutine stack exceeds"):
		return "stack overflow"
	case strings.Contains(r.Stderr, "heap out of memory"),
		strings.Contains(r.Stderr, "out of memory"):
		return "out of memory"
	case r.ExitCode < 0:
		return "killed"
	default:
		return fmt.Sprintf("exit %d", r.ExitCode)
	}
}

// tail keeps the last n bytes written to it.
type tail struct {
	n   int
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.n {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.n:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	b := t.buf
	if len(b) > t.n {
		b = b[len(b)-t.n:]
	}
	return string(bytes.ToValidUTF8(b, nil))
}

// Run starts argv in dir (its own process group), discards its standard output to stdout
// (nil: /dev/null), and waits for it. With timeout > 0 the whole process group is killed
// when the time runs out. An error is returned only if the command could not be started.
func Run(ctx context.Context, dir string, argv []string, stdout io.Writer, timeout time.Duration) (Result, error) {
	return RunCapped(ctx, dir, argv, stdout, timeout, 0)
}

// RunCapped is Run with a memory cap: when memCap > 0, the resident memory of the command's
// process group is read every 100 ms and the group killed as soon as its sum goes over
// memCap (Result.OverCap), so that a command that would exhaust the machine's memory is
// measured up to that point instead.
func RunCapped(ctx context.Context, dir string, argv []string, stdout io.Writer, timeout time.Duration, memCap int64) (Result, error) {
	if len(argv) == 0 {
		return Result{}, errors.New("measure: empty command")
	}
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 2 * time.Second // a descendant that left the group may hold the pipes
	if stdout == nil {
		stdout = io.Discard
	}
	cmd.Stdout = stdout
	errTail := &tail{n: 4096}
	cmd.Stderr = errTail
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, err
	}
	done := make(chan struct{})
	timedOut := false
	var overCap int64
	var groupCPU time.Duration // the CPU time of the group's processes at the last look
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		var tick <-chan time.Time
		if memCap > 0 {
			t := time.NewTicker(100 * time.Millisecond)
			defer t.Stop()
			tick = t.C
		}
		for {
			select {
			case <-ctx.Done():
				timedOut = ctx.Err() == context.DeadlineExceeded
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				return
			case <-tick:
				rss, cpu := Group(cmd.Process.Pid)
				groupCPU = max(groupCPU, cpu)
				if rss > memCap {
					overCap = memCap
					_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
					return
				}
			case <-done:
				return
			}
		}
	}()
	err := cmd.Wait()
	wall := time.Since(start)
	close(done)
	<-watched
	// The group may hold stragglers (a shell's children); end them too.
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	res := Result{Wall: wall, Stderr: errTail.String(), TimedOut: timedOut, OverCap: overCap}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.MaxRSS = ru.Maxrss * 1024 // KiB on Linux
		res.CPU = time.Duration(syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime))
	}
	// A group killed for memory: its processes were not waited for by their parents, so the
	// rusage misses them; their time at the last look stands in.
	res.CPU = max(res.CPU, groupCPU)
	res.ExitCode = cmd.ProcessState.ExitCode()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		return res, err
	}
	return res, nil
}

// clockTick is the unit of the times in /proc/PID/stat (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// Group returns the resident memory in bytes of the processes of process group pgid and
// their CPU time (user + system, with that of the children they waited for), from /proc
// (0 where /proc cannot be read).
func Group(pgid int) (rss int64, cpu time.Duration) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	page := int64(os.Getpagesize())
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp …: comm may hold spaces and parentheses, so the
		// fields are counted from the last ')'.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 22 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		pages, _ := strconv.ParseInt(f[21], 10, 64) // field 24, in pages
		rss += pages * page
		for _, k := range f[11:15] { // fields 14 to 17: utime, stime, cutime, cstime
			t, _ := strconv.ParseInt(k, 10, 64)
			cpu += time.Duration(t) * clockTick
		}
	}
	return rss, cpu
}

// GiB formats a byte count in GiB, one decimal.
func GiB(b int64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) }

// MiB formats a byte count in MiB.
func MiB(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// Getenv returns os.Getenv(k) or def when it is empty.
func Getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
