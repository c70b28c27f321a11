package datadir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindSuiteLayouts(t *testing.T) {
	flat := t.TempDir()
	mkdirs(t, flat, "draft2020-12", "draft7", "remotes")
	upstream := t.TempDir()
	mkdirs(t, upstream, "tests/draft2020-12", "tests/draft4", "remotes", "bin")
	for _, c := range []struct{ dir, tests string }{{flat, flat}, {upstream, filepath.Join(upstream, "tests")}} {
		t.Setenv(SuiteEnv, c.dir)
		s, err := FindSuite()
		if err != nil {
			t.Fatalf("%s: %v", c.dir, err)
		}
		if s.Tests != c.tests || s.Remotes != filepath.Join(c.dir, "remotes") {
			t.Errorf("%s: got %+v", c.dir, s)
		}
	}
}

func TestMissingDataIsOneLine(t *testing.T) {
	empty := t.TempDir()
	t.Setenv(SuiteEnv, empty)
	t.Setenv(CorpusEnv, empty)
	_, serr := FindSuite()
	_, cerr := FindCorpus()
	for _, err := range []error{serr, cerr} {
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), empty) {
			t.Errorf("got %v, want one line naming %s", err, empty)
		}
	}
	if !strings.Contains(serr.Error(), "git clone https://github.com/json-schema-org/JSON-Schema-Test-Suite") {
		t.Errorf("the suite's message does not say how to get it: %v", serr)
	}
	// Without the variables, ../shared beside the repository (here: a module with nothing beside it).
	repo := filepath.Join(t.TempDir(), "repo")
	mkdirs(t, repo, "sub")
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(repo, "sub"))
	t.Setenv(SuiteEnv, "")
	t.Setenv(CorpusEnv, "")
	if _, err := FindSuite(); err == nil || !strings.Contains(err.Error(), "is missing") || !strings.Contains(err.Error(), SuiteEnv+" is not set") {
		t.Errorf("FindSuite: %v", err)
	}
	if _, err := FindCorpus(); err == nil || !strings.Contains(err.Error(), filepath.Join("shared", "corpus")) || !strings.Contains(err.Error(), CorpusEnv) {
		t.Errorf("FindCorpus: %v", err)
	}
}
