//go:build js && wasm

package generator

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"sync"
	"syscall"
	"syscall/js"
	"time"
)

// Under js/wasm (the npm package @skillgen/cli, run by Node.js, see docs/npm.md) there is no
// flock: the lock is the lock file itself, made with O_EXCL, which only one run can do. A run
// that finds it made waits, as the native binary does, while the process the file names is
// running, and goes on once the file is gone; a file that names a process that has ended (a
// run killed with SIGKILL, which no process outlives to remove it) is an error naming it, to
// be removed by hand. SIGINT, SIGTERM and SIGHUP remove the lock files the run holds before it
// dies of the signal. A native run, which locks with flock, does not see this lock: the two
// must not write into one folder at the same time.

// lockPoll is how often a waiting run looks at the lock file again; lockEmptyWait is how long
// a lock file may name no process (its maker has made it and not yet written its process id)
// before it is taken for one left behind.
const (
	lockPoll      = 50 * time.Millisecond
	lockEmptyWait = 2 * time.Second
)

func lockFile(name string, waiting func(holder string)) (*os.File, error) {
	told := false
	var empty time.Duration
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			releaseOnSignal(f)
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, errNoLockFile
		}
		holder := ""
		if g, err := os.Open(name); err == nil {
			holder = lockHolder(g)
			g.Close()
		} else if errors.Is(err, fs.ErrNotExist) {
			continue // removed in between: try again
		}
		if holder == "" {
			if empty += lockPoll; empty > lockEmptyWait {
				return nil, lockedError(name, "")
			}
		} else if pid, _ := strconv.Atoi(holder); !running(pid) {
			return nil, staleLockError(name, holder)
		} else if !told {
			told = true
			waiting(holder)
		}
		time.Sleep(lockPoll)
	}
}

// staleLockError is the error of a lock file left by a run that has ended.
func staleLockError(name, holder string) error {
	return errors.New(name + ": left by a skillgen run (process " + holder + ") that has ended without removing it; remove the file")
}

// running says whether process pid exists, by sending it signal 0 through Node.js's
// process.kill, which throws ESRCH for a process that does not (and EPERM for one that exists
// and belongs to another user).
func running(pid int) (ok bool) {
	if pid <= 0 {
		return false
	}
	defer func() {
		if r := recover(); r != nil {
			e, isJS := r.(js.Error)
			ok = isJS && e.Get("code").String() == "EPERM"
		}
	}()
	js.Global().Get("process").Call("kill", pid, 0)
	return true
}

// The lock files this run made, each with the identity (device and inode) of the file made, so
// that a signal removes a lock file only while it is still the one this run made: once the
// run has unlocked, another run may have made a new one under the same name.
var (
	heldMu   sync.Mutex
	heldLock []heldFile
	onSignal sync.Once
)

type heldFile struct {
	name     string
	dev, ino int64
}

// releaseOnSignal records f, a lock file just made, and on the first call installs the Node.js
// handlers of SIGINT, SIGTERM and SIGHUP that remove the recorded files still in place (with
// node:fs directly: a handler must not wait for Go's asynchronous file system calls) and then
// raise the signal again with Node.js's default handling, so that the run ends as the native
// binary does, killed by the signal.
func releaseOnSignal(f *os.File) {
	st, err := f.Stat()
	if err != nil {
		return
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	heldMu.Lock()
	heldLock = append(heldLock, heldFile{f.Name(), sys.Dev, int64(sys.Ino)})
	heldMu.Unlock()
	onSignal.Do(func() {
		process := js.Global().Get("process")
		for _, sig := range []string{"SIGINT", "SIGTERM", "SIGHUP"} {
			process.Call("on", sig, js.FuncOf(func(js.Value, []js.Value) any {
				heldMu.Lock()
				for _, h := range heldLock {
					removeIfSame(h)
				}
				heldMu.Unlock()
				for _, s := range []string{"SIGINT", "SIGTERM", "SIGHUP"} {
					process.Call("removeAllListeners", s)
				}
				process.Call("kill", process.Get("pid"), sig)
				return nil
			}))
		}
	})
}

// removeIfSame removes h's file if it is still the file this run made.
func removeIfSame(h heldFile) {
	defer func() { recover() }() // gone already (statSync throws ENOENT): nothing to remove
	nodeFS := js.Global().Get("fs")
	st := nodeFS.Call("statSync", h.name)
	if int64(st.Get("dev").Int()) == h.dev && int64(st.Get("ino").Int()) == h.ino {
		nodeFS.Call("unlinkSync", h.name)
	}
}
