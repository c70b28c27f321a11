// Package datadir finds the data the conformance tests need beside the repository: the official
// JSON Schema Test Suite and the corpus of real-world schemas. Each is found through an
// environment variable or in ../shared/ beside the repository; when neither is there, the
// error is one line saying how to get it.
package datadir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Environment variables naming the folders.
const (
	SuiteEnv  = "SKILLGEN_JSONSCHEMA_SUITE"
	CorpusEnv = "SKILLGEN_CORPUS"
)

// Suite is the JSON Schema Test Suite: the folder holding each draft's tests (draft2020-12/
// …), and the one holding remotes/.
type Suite struct {
	Tests   string
	Remotes string
}

// Draft returns the folder of one draft's tests ("draft2020-12").
func (s Suite) Draft(folder string) string { return filepath.Join(s.Tests, folder) }

// FindSuite locates the suite: $SKILLGEN_JSONSCHEMA_SUITE, else ../shared/jsonschema-test-suite
// beside the repository. Both the layout of a plain clone of
// github.com/json-schema-org/JSON-Schema-Test-Suite (tests/draft2020-12/, remotes/) and a flat
// copy (draft2020-12/, remotes/) are accepted.
func FindSuite() (Suite, error) {
	dir, fromEnv, err := find(SuiteEnv, "jsonschema-test-suite")
	if err != nil {
		return Suite{}, err
	}
	for _, tests := range []string{filepath.Join(dir, "tests"), dir} {
		if isDir(filepath.Join(tests, "draft2020-12")) && isDir(filepath.Join(dir, "remotes")) {
			return Suite{Tests: tests, Remotes: filepath.Join(dir, "remotes")}, nil
		}
	}
	return Suite{}, missing(SuiteEnv, dir, fromEnv, "the JSON Schema Test Suite", "tests/draft2020-12/ (or draft2020-12/) and remotes/",
		"get it with git clone https://github.com/json-schema-org/JSON-Schema-Test-Suite")
}

// FindCorpus locates the corpus of real-world schemas (the folder holding schemastore/):
// $SKILLGEN_CORPUS, else ../shared/corpus beside the repository.
func FindCorpus() (string, error) {
	dir, fromEnv, err := find(CorpusEnv, "corpus")
	if err != nil {
		return "", err
	}
	if isDir(filepath.Join(dir, "schemastore", "schemas")) {
		return dir, nil
	}
	return "", missing(CorpusEnv, dir, fromEnv, "the corpus of real-world schemas", "schemastore/schemas/",
		"copy the corpus folder CI puts in ../shared/corpus (schemastore/schemas/ and schemastore/docs/)")
}

func find(env, shared string) (dir string, fromEnv bool, err error) {
	if d := os.Getenv(env); d != "" {
		return d, true, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", false, err
	}
	return filepath.Join(root, "..", "shared", shared), false, nil
}

func missing(env, dir string, fromEnv bool, what, layout, how string) error {
	if fromEnv {
		return fmt.Errorf("%s=%s is not %s (no %s); %s", env, dir, what, layout, how)
	}
	return fmt.Errorf("%s is missing (no %s with %s beside the repository, and %s is not set); %s and set %s to its folder",
		what, filepath.Clean(dir), layout, env, how, env)
}

// RepoRoot is the folder of the go.mod above the working directory (a test's package folder).
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
