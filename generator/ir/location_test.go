package ir

import (
	"strings"
	"testing"
)

func TestCommentLocation(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a.json#", "a.json#"},
		{"a.json#/properties/x", "a.json#/properties/x"},
		{"a.json#/" + strings.Repeat("items/", 11) + "items", "a.json#/" + strings.Repeat("items/", 11) + "items"},
		{"a.json#/properties/x/" + strings.Repeat("items/", 20) + "not/type",
			"a.json#/properties/x/items/items/items/items/… 12 more …/items/items/items/items/not/type"},
	} {
		if got := CommentLocation(c.in); got != c.want {
			t.Errorf("CommentLocation(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// The length is bounded whatever the depth.
	short := CommentLocation("d.json#/" + strings.Repeat("items/", 100) + "items")
	long := CommentLocation("d.json#/" + strings.Repeat("items/", 10000) + "items")
	if len(long) > len(short)+3 {
		t.Errorf("10,000 levels give %d bytes, 100 levels %d", len(long), len(short))
	}
}
