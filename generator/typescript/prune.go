package typescript

import (
	"regexp"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// runtimePath is the module of the runtime, which pruneRuntime trims.
const runtimePath = "src/runtime.ts"

var (
	// tsDecl is the first line of a top-level declaration of the runtime template, which writes
	// each one from column 0 (its body indented) after its comment.
	tsDecl = regexp.MustCompile(`^(?:export\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)`)
	// tsIdent is a word that may name a declaration.
	tsIdent = regexp.MustCompile(`[A-Za-z_$][\w$]*`)
	// tsNamespace is an import of the whole runtime under a name.
	tsNamespace = regexp.MustCompile(`import\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+"\./runtime\.js"`)
	// tsKeptWith is the sentence of a declaration's comment that keeps it whenever the
	// declaration it names is kept (a knob that tests turn, used by no module).
	tsKeptWith = regexp.MustCompile(`[Kk]ept[\s*]+with[\s*]+([A-Za-z_$][\w$]*)\.`)
	// tsNamed is an import or re-export of some names of the runtime.
	tsNamed = regexp.MustCompile(`(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"\./runtime\.js"`)
)

// pruneRuntime drops from src/runtime.ts the declarations no other module of the package
// uses, directly or through the declarations it keeps: the template holds every helper any
// schema may need, a package only those its modules call. Words are matched without scopes
// (a comment or a local name that shares a helper's name keeps the helper), so the pass can
// keep too much, never too little.
func pruneRuntime(files []ir.File) {
	at := -1
	roots := map[string]bool{}
	for i, f := range files {
		if f.Path == runtimePath {
			at = i
			continue
		}
		if !strings.HasSuffix(f.Path, ".ts") {
			continue
		}
		src := string(f.Data)
		for _, m := range tsNamespace.FindAllStringSubmatch(src, -1) {
			selected(src, m[1], roots)
		}
		for _, m := range tsNamed.FindAllStringSubmatch(src, -1) {
			for _, name := range strings.Split(m[1], ",") {
				name = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), "type "))
				if name, _, _ = strings.Cut(name, " as "); name != "" {
					roots[strings.TrimSpace(name)] = true
				}
			}
		}
	}
	if at < 0 {
		return
	}
	files[at].Data = []byte(pruneModule(string(files[at].Data), roots))
}

// tsChunk is a top-level declaration of a module with the comment right above it, or (name
// "") the text before the first one.
type tsChunk struct {
	name string
	text string
}

// pruneModule keeps of src the declarations that the names in roots reach.
func pruneModule(src string, roots map[string]bool) string {
	lines := strings.SplitAfter(src, "\n")
	var starts []int // the first line of each chunk
	var names []string
	for i, l := range lines {
		m := tsDecl.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		j := i
		for j > 0 && isCommentLine(lines[j-1]) {
			j--
		}
		starts = append(starts, j)
		names = append(names, m[1])
	}
	if len(starts) == 0 {
		return src
	}
	chunks := []tsChunk{{text: strings.Join(lines[:starts[0]], "")}}
	for k, s := range starts {
		end := len(lines)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		chunks = append(chunks, tsChunk{name: names[k], text: strings.Join(lines[s:end], "")})
	}
	byName := map[string][]int{}
	with := map[string][]int{} // the chunks kept with a name
	for i, c := range chunks {
		if c.name != "" {
			byName[c.name] = append(byName[c.name], i)
		}
		if m := tsKeptWith.FindStringSubmatch(c.text); m != nil {
			with[m[1]] = append(with[m[1]], i)
		}
	}
	kept := make([]bool, len(chunks))
	var work []int
	keep := func(i int) {
		if !kept[i] {
			kept[i] = true
			work = append(work, i)
		}
	}
	keep(0)
	for name := range roots {
		for _, i := range byName[name] {
			keep(i)
		}
	}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, j := range with[chunks[i].name] {
			keep(j)
		}
		for _, w := range tsIdent.FindAllString(code(chunks[i].text), -1) {
			for _, j := range byName[w] {
				keep(j)
			}
		}
	}
	var b strings.Builder
	for i, c := range chunks {
		if kept[i] {
			b.WriteString(c.text)
		}
	}
	return b.String()
}

// isCommentLine reports whether a line of a module belongs to a comment written from column
// 0 ("// …", "/** …", " * …", " */").
func isCommentLine(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && (strings.HasPrefix(l, "//") || strings.HasPrefix(l, "/*") || strings.HasPrefix(l, " *"))
}

// code is the text of a chunk without its comment lines, so that a helper named only in a
// comment is not kept for it.
func code(text string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ") || t == "*" || t == "*/" {
			continue
		}
		b.WriteString(l)
	}
	return b.String()
}

// selected adds to names every name selected from ns (ns.name) in src.
func selected(src, ns string, names map[string]bool) {
	prefix := ns + "."
	for i := 0; ; {
		j := strings.Index(src[i:], prefix)
		if j < 0 {
			return
		}
		at := i + j
		i = at + len(prefix)
		if at > 0 && isWordByte(src[at-1]) {
			continue
		}
		k := i
		for k < len(src) && isWordByte(src[k]) {
			k++
		}
		if k > i {
			names[src[i:k]] = true
		}
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
