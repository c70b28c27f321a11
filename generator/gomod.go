package generator

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// GoModule is the module that holds a Go output folder.
type GoModule struct {
	// File is the go.mod file (as found from the folder: absolute).
	File string
	// Path is the module path its module directive declares.
	Path string
	// ImportPath is the import path of the output folder: Path joined with the folder's place
	// below the go.mod.
	ImportPath string
	// Requires lists the module paths of its require directives.
	Requires []string
}

// ErrNoGoModule is returned by FindGoModule when no folder above the output has a go.mod.
var ErrNoGoModule = errors.New("no go.mod in the output folder or any folder above it")

// FindGoModule finds the nearest go.mod at or above dir (which need not exist yet) and derives
// the import path of dir from it, as the go command would.
func FindGoModule(dir string) (*GoModule, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	for d := abs; ; {
		f := filepath.Join(d, "go.mod")
		data, err := os.ReadFile(f)
		switch {
		case err == nil:
			m, err := parseGoMod(f, data)
			if err != nil {
				return nil, err
			}
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				return nil, err
			}
			m.ImportPath = path.Join(m.Path, filepath.ToSlash(rel))
			return m, nil
		case !errors.Is(err, os.ErrNotExist) && !isNotDir(err):
			return nil, err
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil, ErrNoGoModule
		}
		d = parent
	}
}

// isNotDir reports a path below a file (ENOTDIR), which cannot hold a go.mod either.
func isNotDir(err error) bool {
	var pe *os.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "not a directory")
}

// parseGoMod reads the module directive and the require directives of a go.mod, in the
// syntax of golang.org/x/mod/modfile: "//" comments, quoted or bare paths, and blocks.
func parseGoMod(file string, data []byte) (*GoModule, error) {
	m := &GoModule{File: file}
	block := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	for line := 1; sc.Scan(); line++ {
		text, _, _ := strings.Cut(sc.Text(), "//")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if block != "" {
			if fields[0] == ")" {
				block = ""
				continue
			}
			fields = append([]string{block}, fields...)
		} else if len(fields) == 2 && fields[1] == "(" {
			block = fields[0]
			continue
		}
		switch fields[0] {
		case "module":
			if len(fields) != 2 {
				return nil, fmt.Errorf("%s:%d: a module directive names one path", file, line)
			}
			p, err := unquoteModPath(fields[1])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: module path: %v", file, line, err)
			}
			m.Path = p
		case "require":
			if len(fields) >= 2 {
				if p, err := unquoteModPath(fields[1]); err == nil {
					m.Requires = append(m.Requires, p)
				}
			}
		}
	}
	if m.Path == "" {
		return nil, fmt.Errorf("%s: no module directive", file)
	}
	return m, nil
}

func unquoteModPath(s string) (string, error) {
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "`") {
		return strconv.Unquote(s)
	}
	return s, nil
}
