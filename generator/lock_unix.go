//go:build unix

package generator

import (
	"errors"
	"os"
	"syscall"
)

// lockFile opens name (made if missing) and locks it with flock, waiting for the run that
// holds it (told to waiting first). A lock file removed by the run that held it while this one
// waited is opened again: the lock held is always the one at name.
func lockFile(name string, waiting func(holder string)) (*os.File, error) {
	told := false
	for {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, errNoLockFile
		}
		err = flock(f, syscall.LOCK_EX|syscall.LOCK_NB)
		if errors.Is(err, syscall.EWOULDBLOCK) {
			if !told {
				told = true
				waiting(lockHolder(f))
			}
			err = flock(f, syscall.LOCK_EX)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		held, err1 := f.Stat()
		now, err2 := os.Lstat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return f, nil
		}
		f.Close()
	}
}

func flock(f *os.File, how int) error {
	for {
		err := syscall.Flock(int(f.Fd()), how)
		if !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
}
