package ir

// Components numbers the strongly connected components of a graph of named types (Tarjan's
// algorithm with an explicit stack, so that a long chain of references cannot exhaust the
// call stack): two types are on a cycle of edges exactly when they have the same number.
func Components(types []*Type, edges map[*Type][]*Type) map[*Type]int {
	index := map[*Type]int{}
	low := map[*Type]int{}
	onStack := map[*Type]bool{}
	comp := map[*Type]int{}
	var stack []*Type
	next, ncomp := 0, 0
	type frame struct {
		t *Type
		i int // next edge to follow
	}
	for _, root := range types {
		if _, seen := index[root]; seen {
			continue
		}
		work := []frame{{t: root}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(work) > 0 {
			f := &work[len(work)-1]
			if f.i < len(edges[f.t]) {
				w := edges[f.t][f.i]
				f.i++
				if _, seen := index[w]; !seen {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					work = append(work, frame{t: w})
				} else if onStack[w] {
					low[f.t] = min(low[f.t], index[w])
				}
				continue
			}
			v := f.t
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].t
				low[parent] = min(low[parent], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = ncomp
					if w == v {
						break
					}
				}
				ncomp++
			}
		}
	}
	return comp
}
