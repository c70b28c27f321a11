package breaking

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing/fstest"

	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/schema"
)

// Source is one version of a schema set: a folder of schema files (every .json file below it,
// folders named examples skipped, as the generator reads them) or a single file, in a file
// system. References to files beside a single file are read from its folder.
type Source struct {
	// FS holds the files; Entry is "." (every file of FS) or the name of one file in FS.
	FS    fs.FS
	Entry string
	// Display is how messages name the version ("schema", "origin/main:schema").
	Display string
	// Repo is the place of FS's root in the working tree, relative to where the command runs,
	// with forward slashes ("schema", "."): annotations name files by it. Empty: unknown
	// (annotations then name files relative to the schema root).
	Repo string
	// RefMaps answer references by URL prefix (-ref-map); nothing is ever fetched.
	RefMaps []load.RefMap
}

// root is the folder of FS the schema files' paths are relative to.
func (s Source) root() string {
	if s.Entry == "." {
		return "."
	}
	return path.Dir(s.Entry)
}

// Embedded is the canonical schema embedded in skillgen, which lives in this repository's
// schema folder.
func Embedded() Source {
	return Source{FS: schema.FS, Entry: ".", Display: "schema", Repo: "schema"}
}

// FromPath reads a schema file or folder on disk.
func FromPath(p string) (Source, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return Source{}, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return Source{}, fmt.Errorf("%s: %v", p, unwrapPath(err))
	}
	slash := filepath.ToSlash(filepath.Clean(p))
	if st.IsDir() {
		return Source{FS: os.DirFS(abs), Entry: ".", Display: slash, Repo: slash}, nil
	}
	return Source{FS: os.DirFS(filepath.Dir(abs)), Entry: filepath.Base(abs), Display: slash, Repo: path.Dir(slash)}, nil
}

func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// FromGit reads the schema file or folder p (relative to dir, where git runs) as it is at the
// git revision rev (a commit, branch or tag such as origin/main), with git show: the working
// tree is not touched.
func FromGit(dir, rev, p string) (Source, error) {
	if strings.HasPrefix(rev, "-") || rev == "" {
		return Source{}, fmt.Errorf("%q is not a git revision", rev)
	}
	if _, err := git(dir, "rev-parse", "--verify", "--quiet", rev+"^{commit}"); err != nil {
		return Source{}, fmt.Errorf("%q is neither a file nor a git revision of the repository in %s", rev, dirName(dir))
	}
	top, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return Source{}, err
	}
	top = strings.TrimSpace(top)
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return Source{}, err
	}
	abs := p
	if !filepath.IsAbs(p) {
		abs = filepath.Join(absDir, p)
	}
	// Both through EvalSymlinks so that a temporary folder behind a link still compares.
	if t, err := filepath.EvalSymlinks(top); err == nil {
		top = t
	}
	if d, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(d, filepath.Base(abs))
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return Source{}, fmt.Errorf("%s is outside the git repository %s", p, top)
	}
	full := filepath.ToSlash(rel)
	kind, err := git(top, "cat-file", "-t", rev+":"+full)
	if full == "." {
		kind, err = "tree", nil
	}
	if err != nil {
		return Source{}, fmt.Errorf("%s does not exist at %s", full, rev)
	}
	folder := full
	entry := "."
	if strings.TrimSpace(kind) != "tree" {
		folder, entry = path.Dir(full), path.Base(full)
	}
	list, err := git(top, "ls-tree", "-r", "-z", "--name-only", rev, "--", folder)
	if err != nil {
		return Source{}, err
	}
	g := &gitFS{top: top, rev: rev, dir: folder, tree: fstest.MapFS{}, data: map[string][]byte{}}
	for _, name := range strings.Split(list, "\x00") {
		if name == "" {
			continue
		}
		r := name
		if folder != "." {
			var ok bool
			if r, ok = strings.CutPrefix(name, folder+"/"); !ok {
				continue
			}
		}
		g.tree[r] = &fstest.MapFile{}
	}
	repo := p
	if filepath.IsAbs(p) {
		repo = full
	}
	repo = filepath.ToSlash(filepath.Clean(repo))
	if entry != "." {
		repo = path.Dir(repo)
	}
	return Source{FS: g, Entry: entry, Display: rev + ":" + full, Repo: repo}, nil
}

func dirName(dir string) string {
	if dir == "" || dir == "." {
		return "the current folder"
	}
	return dir
}

func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	if dir != "" {
		cmd.Dir = dir
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return out.String(), nil
}

// gitFS is a folder of a git revision: its listing up front, each file's content read with
// git show when it is opened.
type gitFS struct {
	top, rev, dir string
	tree          fstest.MapFS
	mu            sync.Mutex
	data          map[string][]byte
}

func (g *gitFS) Open(name string) (fs.File, error) {
	f, ok := g.tree[name]
	if !ok || f.Mode.IsDir() {
		return g.tree.Open(name)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	data, ok := g.data[name]
	if !ok {
		out, err := git(g.top, "show", g.rev+":"+path.Join(g.dir, name))
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		data = []byte(out)
		g.data[name] = data
	}
	return fstest.MapFS{name: &fstest.MapFile{Data: data}}.Open(name)
}
