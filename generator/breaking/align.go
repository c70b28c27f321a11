package breaking

import (
	"encoding/json"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// fingerprint is the text of the schema at a node's location as its file writes it (members
// sorted, references as written), "" when unknown: equal texts are the same branch.
func (v *version) fingerprint(n *ir.Node) string {
	if n == nil || n.Location == "" {
		return ""
	}
	file, ptr, _ := strings.Cut(n.Location, "#")
	if v.parsed == nil {
		v.parsed = map[string]any{}
	}
	doc, ok := v.parsed[file]
	if !ok {
		data, err := fs.ReadFile(v.src.FS, path.Join(v.src.root(), file))
		if err == nil && json.Unmarshal(data, &doc) != nil {
			doc = nil
		}
		v.parsed[file] = doc
	}
	if doc == nil {
		return ""
	}
	cur := doc
	if ptr != "" {
		for _, t := range strings.Split(ptr[1:], "/") {
			t = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
			switch x := cur.(type) {
			case map[string]any:
				cur, ok = x[t]
			case []any:
				i, err := strconv.Atoi(t)
				ok = err == nil && i >= 0 && i < len(x)
				if ok {
					cur = x[i]
				}
			default:
				ok = false
			}
			if !ok {
				return ""
			}
		}
	}
	data, err := json.Marshal(cur)
	if err != nil {
		return ""
	}
	return string(data)
}

// align pairs the branches of an applicator (allOf, anyOf, oneOf) across versions: the longest
// common subsequence of branches written the same, then, between two such anchors, the rest in
// order; a branch with no partner is paired with nil (added or removed). A branch inserted in
// the middle is then one addition, not a shift of every branch after it.
func (c *comparison) align(ob, nb []*ir.Node) [][2]*ir.Node {
	of := make([]string, len(ob))
	nf := make([]string, len(nb))
	for i, b := range ob {
		of[i] = c.r.oldV.fingerprint(b)
	}
	for j, b := range nb {
		nf[j] = c.r.newV.fingerprint(b)
	}
	// lcs[i][j]: the longest common subsequence of of[i:] and nf[j:].
	lcs := make([][]int, len(ob)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(nb)+1)
	}
	for i := len(ob) - 1; i >= 0; i-- {
		for j := len(nb) - 1; j >= 0; j-- {
			switch {
			case of[i] != "" && of[i] == nf[j]:
				lcs[i][j] = lcs[i+1][j+1] + 1
			default:
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out [][2]*ir.Node
	var gapO, gapN []*ir.Node
	flush := func() {
		for k := range max(len(gapO), len(gapN)) {
			out = append(out, [2]*ir.Node{at(gapO, k), at(gapN, k)})
		}
		gapO, gapN = nil, nil
	}
	i, j := 0, 0
	for i < len(ob) && j < len(nb) {
		switch {
		case of[i] != "" && of[i] == nf[j]:
			flush()
			out = append(out, [2]*ir.Node{ob[i], nb[j]})
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			gapO = append(gapO, ob[i])
			i++
		default:
			gapN = append(gapN, nb[j])
			j++
		}
	}
	gapO = append(gapO, ob[i:]...)
	gapN = append(gapN, nb[j:]...)
	flush()
	return out
}
