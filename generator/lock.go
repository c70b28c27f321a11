package generator

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// LockName is the file, in each output folder, that a writing run holds locked.
const LockName = ".skillgen-lock"

// LockOutputs locks the output folders of outs against other skillgen runs, making the folders
// that do not exist yet, and returns the function that unlocks them (removing the lock files
// and the folders it made that are still empty). A folder another run holds is waited for:
// waiting, when not nil, is told of it first (the folder as the outputs name it, and the other
// run's process id when its lock file says it). A run that ends without unlocking, killed,
// holds nothing: the system releases its locks. Folders are locked in one order, so that two
// runs never wait for each other. A folder that cannot be made, or where the lock file cannot
// be made, is not locked: nothing can be written there, and MakePlan or Apply says why.
func LockOutputs(outs []Output, waiting func(dir, holder string)) (unlock func(), err error) {
	named := map[string]string{} // how the outputs name each folder, by absolute path
	var dirs []string
	for _, o := range outs {
		abs, err := filepath.Abs(filepath.FromSlash(o.Dir))
		if err != nil {
			return nil, err
		}
		if _, ok := named[abs]; !ok {
			named[abs] = filepath.FromSlash(o.Dir)
			dirs = append(dirs, abs)
		}
	}
	sort.Strings(dirs)
	var made []string // folders made here, the outermost first
	var held []*os.File
	unlock = func() {
		for i := len(held) - 1; i >= 0; i-- {
			os.Remove(held[i].Name())
			held[i].Close()
		}
		for i := len(made) - 1; i >= 0; i-- {
			os.Remove(made[i])
		}
	}
	for _, dir := range dirs {
		var missing []string
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Lstat(d); err == nil || filepath.Dir(d) == d {
				break
			}
			missing = append([]string{d}, missing...)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			// A file in the way, or a folder skillgen may not write into: nothing can be
			// written there, and the plan or Apply says why.
			for i := len(missing) - 1; i >= 0; i-- {
				os.Remove(missing[i])
			}
			continue
		}
		made = append(made, missing...)
		f, err := lockFile(filepath.Join(dir, LockName), func(holder string) {
			if waiting != nil {
				waiting(named[dir], holder)
			}
		})
		if errors.Is(err, errNoLockFile) {
			continue // as above: a folder skillgen cannot write into
		}
		if err != nil {
			unlock()
			return nil, err
		}
		f.Truncate(0)
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		held = append(held, f)
	}
	return unlock, nil
}

// errNoLockFile is lockFile's error when the lock file cannot be made or opened.
var errNoLockFile = errors.New("no lock file")

// lockHolder reads the process id a lock file names ("" when it names none).
func lockHolder(f *os.File) string {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	pid := strings.TrimSpace(string(buf[:n]))
	if _, err := strconv.Atoi(pid); err != nil {
		return ""
	}
	return pid
}

// lockedError is the error of a lock that cannot be waited for on this system.
func lockedError(name, holder string) error {
	who := "another skillgen run"
	if holder != "" {
		who += " (process " + holder + ")"
	}
	return fmt.Errorf("%s: %s is writing into this folder; if none is, remove the file", name, who)
}
