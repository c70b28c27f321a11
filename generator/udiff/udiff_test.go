package udiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// lines draws a text of up to 30 lines from a small alphabet, so that old and new texts share
// lines often, with or without a final newline.
func lines(t *rapid.T, label string) string {
	ls := rapid.SliceOfN(rapid.SampledFrom([]string{"a", "b", "c", "d", "{", "}", ""}), 0, 30).Draw(t, label)
	s := strings.Join(ls, "\n")
	if len(ls) > 0 && rapid.Bool().Draw(t, label+" ends with a newline") {
		s += "\n"
	}
	return s
}

// TestDiffAppliesWithPatch: patch(1), which skillgen did not write, turns the old text into
// the new one with every diff Diff renders, and in every run of changed lines the removed lines
// come before the added ones.
func TestDiffAppliesWithPatch(t *testing.T) {
	patch, err := exec.LookPath("patch")
	if err != nil {
		t.Fatalf("patch(1) is needed as the oracle: %v", err)
	}
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		old, new := lines(t, "old"), lines(t, "new")
		d := Diff("a/f", "b/f", []byte(old), []byte(new))
		if old == new {
			if d != "" {
				t.Fatalf("equal texts give a diff:\n%s", d)
			}
			return
		}
		checkOrder(t, d)
		f := filepath.Join(dir, "f")
		if err := os.WriteFile(f, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(patch, "--quiet", "--force", "-o", f+".new", f)
		cmd.Stdin = strings.NewReader(d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("patch refused the diff: %v\n%s\ndiff:\n%s", err, out, d)
		}
		got, err := os.ReadFile(f + ".new")
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != new {
			t.Fatalf("patch gave %q, want %q; diff:\n%s", got, new, d)
		}
	})
}

// checkOrder fails when an added line comes before a removed one in a run of changed lines.
func checkOrder(t *rapid.T, d string) {
	added := false
	for _, l := range strings.Split(d, "\n") {
		switch {
		case strings.HasPrefix(l, "---"), strings.HasPrefix(l, "+++"), strings.HasPrefix(l, `\`):
		case strings.HasPrefix(l, "+"):
			added = true
		case strings.HasPrefix(l, "-"):
			if added {
				t.Fatalf("a removed line follows an added one:\n%s", d)
			}
		default:
			added = false
		}
	}
}

func TestDiffHeaders(t *testing.T) {
	for _, c := range []struct{ name, old, new, want string }{
		{"new file", "", "x\ny\n", "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"deleted file", "x\n", "", "--- a\n+++ b\n@@ -1,1 +0,0 @@\n-x\n"},
		{"replaced line", "a\nx\nb\n", "a\ny\nb\n", "--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n-x\n+y\n b\n"},
		{"no final newline", "a", "b", "--- a\n+++ b\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"},
	} {
		if got := Diff("a", "b", []byte(c.old), []byte(c.new)); got != c.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", c.name, got, c.want)
		}
	}
}
