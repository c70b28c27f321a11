//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSpecialSchemaFiles: -schema /dev/zero, and a schema folder holding a named pipe called
// *.json, fail at once with a message naming the file, and write nothing; a -schema file that
// is a symbolic link is read where it leads.
func TestSpecialSchemaFiles(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), smallSchema)
	if err := syscall.Mkfifo(filepath.Join(dir, "schema", "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-go-out", "out", "-go-import", "", "-ts-out", ""}
	for _, c := range []struct{ schema, want string }{
		{"/dev/zero", "skillgen: /dev/zero#: a character device, not a regular file: skillgen reads only regular files\n"},
		{"schema", "skillgen: schema/pipe.json#: a named pipe (FIFO), not a regular file: skillgen reads only regular files\n"},
	} {
		code, _, stderr := runCLI(t, dir, append([]string{"-schema", c.schema}, args...)...)
		if code != 1 || stderr != c.want {
			t.Errorf("-schema %s: exit %d, stderr %q, want 1 and %q", c.schema, code, stderr, c.want)
		}
		if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
			t.Errorf("-schema %s: the output folder was made (%v)", c.schema, err)
		}
	}
	os.Remove(filepath.Join(dir, "schema", "pipe.json"))
	if err := os.Symlink(filepath.Join("schema", "pet.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, dir, append([]string{"-schema", "link.json"}, args...)...); code != 0 || !strings.Contains(snapshot(t, filepath.Join(dir, "out"))["types.go"], "type Pet struct") {
		t.Errorf("-schema link.json: exit %d\n%s", code, stderr)
	}
}
