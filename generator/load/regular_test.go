//go:build unix

package load_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skillgen/skillgen/generator/load"
)

func write(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readWithin runs ReadFS on dir (one file of it when file is not "") and fails the test when
// it has not returned within a minute (a read that blocks on a named pipe never returns).
func readWithin(t *testing.T, dir, file string, opts load.Options) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		name, display := ".", "schema"
		if file != "" {
			name, display = file, "schema/"+file
		}
		_, err := load.ReadFS(load.DirFS(dir), name, display, opts)
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
		t.Fatalf("reading %s/%s blocks", dir, file)
		return nil
	}
}

// TestLinkOutOfTheRootIsRefused: a $ref to a symbolic link inside the schema root that leads
// outside it is refused as leaving the root, and the file outside is not read (it is a named
// pipe no one writes to: reading it would block); a link that stays inside is followed.
func TestLinkOutOfTheRootIsRefused(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "schema")
	write(t, filepath.Join(root, "s.json"), `{"properties": {"a": {"$ref": "out.json"}}}`)
	write(t, filepath.Join(root, "inside", "real.json"), `{"type": "string"}`)
	write(t, filepath.Join(base, "secret.json"), `{"type": "integer"}`)
	if err := syscall.Mkfifo(filepath.Join(base, "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"../secret.json", "../pipe.json", filepath.Join(base, "secret.json")} {
		link := filepath.Join(root, "out.json")
		os.Remove(link)
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		err := readWithin(t, root, "s.json", load.Options{})
		if err == nil || !strings.Contains(err.Error(), `schema/s.json#/properties/a/$ref: reference "out.json" leaves the schema root: schema/out.json is a symbolic link to a place outside it`) {
			t.Errorf("link to %s: %v, want the reference refused as leaving the root", target, err)
		}
		// The folder read whole names the link itself.
		if err := readWithin(t, root, "", load.Options{}); err == nil || !strings.Contains(err.Error(), "schema/out.json#: "+load.ErrOutsideRoot.Error()) {
			t.Errorf("folder with a link to %s: %v", target, err)
		}
	}
	os.Remove(filepath.Join(root, "out.json"))
	if err := os.Symlink(filepath.Join("inside", "real.json"), filepath.Join(root, "out.json")); err != nil {
		t.Fatal(err)
	}
	if err := readWithin(t, root, "s.json", load.Options{}); err != nil {
		t.Errorf("a link that stays inside the root: %v", err)
	}
}

// TestSpecialFilesAreRefused: a named pipe called *.json in a schema folder, one given as the
// schema file, one a reference reaches, one a RefMap answers, and a device, are refused with
// a message naming them, without blocking.
func TestSpecialFilesAreRefused(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.json"), `{"$ref": "b.json"}`)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	const fifo = "a named pipe (FIFO), not a regular file: skillgen reads only regular files"
	if err := readWithin(t, dir, "", load.Options{}); err == nil || !strings.Contains(err.Error(), "schema/pipe.json#: "+fifo) {
		t.Errorf("folder with a named pipe: %v", err)
	}
	if err := readWithin(t, dir, "pipe.json", load.Options{}); err == nil || !strings.Contains(err.Error(), "schema/pipe.json#: "+fifo) {
		t.Errorf("the named pipe as the schema file: %v", err)
	}
	os.Rename(filepath.Join(dir, "pipe.json"), filepath.Join(dir, "b.json"))
	if err := readWithin(t, dir, "a.json", load.Options{}); err == nil || !strings.Contains(err.Error(), `schema/a.json#/$ref: reference "b.json": schema/b.json: `+fifo) {
		t.Errorf("a reference to a named pipe: %v", err)
	}
	maps := []load.RefMap{{Prefix: "https://example.test/", FS: load.DirFS(dir), Display: "vendor"}}
	write(t, filepath.Join(dir, "a.json"), `{"$ref": "https://example.test/b.json"}`)
	if err := readWithin(t, dir, "a.json", load.Options{RefMaps: maps}); err == nil || !strings.Contains(err.Error(), "vendor/b.json, which cannot be read (-ref-map https://example.test/=vendor): "+fifo) {
		t.Errorf("a mapped named pipe: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := load.ReadFS(load.DirFS("/dev"), "zero", "/dev/zero", load.Options{})
		if err == nil || !strings.Contains(err.Error(), "/dev/zero#: a character device, not a regular file") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}
