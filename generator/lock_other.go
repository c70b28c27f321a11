//go:build !unix && !js

package generator

import (
	"errors"
	"io/fs"
	"os"
)

// lockFile makes name, which must not exist: a system without flock cannot wait for the run
// that holds it, so a second run fails, naming the file (which a run that was killed leaves
// behind, to be removed by hand).
func lockFile(name string, _ func(holder string)) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		holder := ""
		if g, err := os.Open(name); err == nil {
			holder = lockHolder(g)
			g.Close()
		}
		return nil, lockedError(name, holder)
	}
	if err != nil {
		return nil, errNoLockFile
	}
	return f, nil
}
