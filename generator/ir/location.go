package ir

import (
	"strconv"
	"strings"
)

// locationEnds is how many segments of a long pointer a comment keeps at each end.
const locationEnds = 6

// CommentLocation is a schema location as the generated code's comments write it: whole, or for
// a pointer of more than twice locationEnds segments, its first and last locationEnds segments
// with the number left out between them, so that no comment grows with the depth of the schema
// (a schema nested a thousand levels deep would otherwise write every level into the comment of
// every level below it).
func CommentLocation(loc string) string {
	file, ptr, ok := strings.Cut(loc, "#")
	if !ok || strings.Count(ptr, "/") <= 2*locationEnds {
		return loc
	}
	head := 0 // the index of the slash after the first locationEnds segments
	for range locationEnds {
		head += 1 + strings.IndexByte(ptr[head+1:], '/')
	}
	tail := len(ptr) // the index of the slash before the last locationEnds segments
	for range locationEnds {
		tail = strings.LastIndexByte(ptr[:tail], '/')
	}
	left := strings.Count(ptr[head:tail], "/")
	return file + "#" + ptr[:head] + "/… " + strconv.Itoa(left) + " more …" + ptr[tail:]
}
