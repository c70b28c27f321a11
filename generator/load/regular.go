package load

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutsideRoot is the error of a path that a symbolic link leads out of the folder read.
var ErrOutsideRoot = errors.New("a symbolic link leads outside the folder, and skillgen reads nothing outside it")

// DirFS is the folder dir as a file system that reads only regular files (and lists folders):
// a path that leaves dir, through ".." or a symbolic link, is refused, and so is a named pipe,
// a device, a socket or any other special file, with an error naming it, and without blocking
// (it is examined before it is opened, opened without blocking, and examined again once open,
// in case it was replaced in between). Symbolic links that stay inside dir are followed.
func DirFS(dir string) fs.FS { return regularFS(dir) }

type regularFS string

func (d regularFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	root, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, err
	}
	defer root.Close()
	st, err := root.Stat(name)
	if err != nil {
		return nil, d.explain(name, err)
	}
	if err := special(name, st.Mode()); err != nil {
		return nil, err
	}
	f, err := root.OpenFile(name, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, d.explain(name, err)
	}
	if st, err = f.Stat(); err == nil {
		err = special(name, st.Mode())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// special refuses what is neither a regular file nor a folder.
func special(name string, m fs.FileMode) error {
	if m.IsRegular() || m.IsDir() {
		return nil
	}
	kind := "a special file"
	switch {
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO)"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	}
	return &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("%s, not a regular file: skillgen reads only regular files", kind)}
}

// explain names an escape through a symbolic link, which os.Root refuses in its own words.
func (d regularFS) explain(name string, err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return err
	}
	top, terr := filepath.EvalSymlinks(string(d))
	target, nerr := filepath.EvalSymlinks(filepath.Join(string(d), filepath.FromSlash(name)))
	if terr == nil && nerr == nil {
		if rel, err := filepath.Rel(top, target); err == nil && (rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))) {
			return &fs.PathError{Op: "read", Path: name, Err: ErrOutsideRoot}
		}
	}
	return err
}
