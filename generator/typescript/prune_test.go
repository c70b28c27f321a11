package typescript

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/templates"
)

// TestPruneModule: a declaration stays when a root or a kept declaration names it in code, or
// when its comment says it is kept with a kept one; the others go, their comments with them.
func TestPruneModule(t *testing.T) {
	src := `// header

/** a is used. */
export function a(): number {
  return b();
}

// b is called by a.
function b(): number {
  return 1;
}

/** c is named only in a comment of a: // c */
export function c(): void {}

/**
 * knob turns a. It is kept
 * with a.
 */
export let knob = 0;

export const d = 1;
`
	got := pruneModule(src, map[string]bool{"a": true})
	for _, want := range []string{"// header", "export function a()", "function b()", "// b is called by a.", "export let knob"} {
		if !strings.Contains(got, want) {
			t.Errorf("pruned module lost %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"function c()", "c is named", "const d"} {
		if strings.Contains(got, gone) {
			t.Errorf("pruned module kept %q:\n%s", gone, got)
		}
	}
}

// TestRuntimeHoldsWhatIsUsed: the runtime of the fixture and of the canonical schema declares
// only what the package's other modules use, directly or through another declaration of the
// runtime (each name it declares is a word of the code outside its own declaration), and it
// holds fewer declarations than the template, which carries every helper.
func TestRuntimeHoldsWhatIsUsed(t *testing.T) {
	tmpl, err := fs.ReadFile(templates.FS, "ts/runtime.tmpl")
	if err != nil {
		t.Fatal(err)
	}
	all := len(declNames(string(tmpl)))
	for name, s := range map[string]*ir.Schema{"fixture": fixture(), "canonical": canonical(t)} {
		files := emitMap(t, s)
		rt := files[runtimePath]
		names := declNames(rt)
		if len(names) == 0 || len(names) >= all {
			t.Errorf("%s: the runtime declares %d names, the template %d", name, len(names), all)
		}
		for _, n := range names {
			word := regexp.MustCompile(`(^|[^\w$])` + regexp.QuoteMeta(n) + `($|[^\w$])`)
			used := false
			for path, text := range files {
				if path != runtimePath && strings.HasSuffix(path, ".ts") && word.MatchString(text) {
					used = true
				}
			}
			// Elsewhere in the runtime: in the code of another declaration.
			count := len(word.FindAllStringIndex(code(rt), -1))
			if !used && count < 2 && !tsKeptWith.MatchString(commentOf(rt, n)) {
				t.Errorf("%s: the runtime declares %s, which nothing uses", name, n)
			}
		}
	}
}

func declNames(src string) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if m := tsDecl.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// commentOf returns the comment lines right above the declaration of name in src.
func commentOf(src, name string) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		if m := tsDecl.FindStringSubmatch(l); m != nil && m[1] == name {
			j := i
			for j > 0 && isCommentLine(lines[j-1]) {
				j--
			}
			return strings.Join(lines[j:i], "\n")
		}
	}
	return ""
}
