// Package udiff renders line-based unified diffs, for skillgen -check.
package udiff

import (
	"fmt"
	"strings"
)

// Diff returns a unified diff (3 lines of context) turning old into new, or "" when equal.
func Diff(oldName, newName string, old, new []byte) string {
	if string(old) == string(new) {
		return ""
	}
	a := splitLines(string(old))
	b := splitLines(string(new))
	ops := edits(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	// Group edits into hunks with 3 lines of context.
	const ctx = 3
	i := 0
	for i < len(ops) {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := i - ctx
		if start < 0 {
			start = 0
		}
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*ctx || run == len(ops) {
				end += min(ctx, run-end)
				break
			}
			end = run
		}
		aStart, bStart, aLen, bLen := ops[start].ai, ops[start].bi, 0, 0
		for _, op := range ops[start:end] {
			if op.kind != '+' {
				aLen++
			}
			if op.kind != '-' {
				bLen++
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
		for _, op := range ops[start:end] {
			out.WriteByte(op.kind)
			out.WriteString(op.text)
			if !strings.HasSuffix(op.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return out.String()
}

// hunkRange writes a hunk's line range: "start,length" counted from 1, where an empty range
// names the line before it (so "0,0" inserts at the top), as diff(1) and patch(1) read it.
func hunkRange(start, length int) string {
	if length == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, length)
}

type op struct {
	kind   byte
	text   string
	ai, bi int
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// edits computes a shortest edit script by LCS after trimming the common prefix and suffix;
// when the middle is too large for the quadratic table it is replaced wholesale.
func edits(a, b []string) []op {
	var ops []op
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		ops = append(ops, op{' ', a[p], p, p})
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	am, bm := a[p:len(a)-s], b[p:len(b)-s]
	if len(am)*len(bm) > 16_000_000 {
		for i, l := range am {
			ops = append(ops, op{'-', l, p + i, p})
		}
		for j, l := range bm {
			ops = append(ops, op{'+', l, p + len(am), p + j})
		}
	} else {
		n, m := len(am), len(bm)
		lcs := make([][]int32, n+1)
		for i := range lcs {
			lcs[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if am[i] == bm[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && am[i] == bm[j]:
				ops = append(ops, op{' ', am[i], p + i, p + j})
				i++
				j++
			case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
				// Deletions come before insertions, as in diff(1) and git.
				ops = append(ops, op{'-', am[i], p + i, p + j})
				i++
			default:
				ops = append(ops, op{'+', bm[j], p + i, p + j})
				j++
			}
		}
	}
	for k := 0; k < s; k++ {
		ai, bi := len(a)-s+k, len(b)-s+k
		ops = append(ops, op{' ', a[ai], ai, bi})
	}
	return ops
}
