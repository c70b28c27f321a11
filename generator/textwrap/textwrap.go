// Package textwrap breaks a paragraph into lines at spaces, for the comments and documents the
// emitters write.
package textwrap

import "strings"

// Lines breaks para at spaces into lines of at most width bytes where it can (a word longer
// than width stays whole, on a line of its own, and the rest wraps on); a paragraph that fits is
// one line, its spacing as written.
func Lines(para string, width int) []string {
	var lines []string
	for len(para) > width {
		cut := strings.LastIndexByte(para[:width], ' ')
		if cut <= 0 {
			// A word longer than width: it stays whole, the rest wraps.
			if cut = strings.IndexByte(para[width:], ' '); cut < 0 {
				break
			}
			cut += width
		}
		lines = append(lines, strings.TrimRight(para[:cut], " "))
		para = strings.TrimLeft(para[cut:], " ")
	}
	return append(lines, strings.TrimRight(para, " "))
}
