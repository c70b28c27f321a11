package config

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/skillgen/skillgen/internal/config/gen"
)

// suggest returns what to say about the unknown key k of the object at parent (a pointer into
// a configuration): the key closest to it, or where a flag's name written as a key goes; "" when
// nothing is close.
func suggest(parent, k string) string {
	if parent == "" {
		if (strings.HasPrefix(k, "go-") || strings.HasPrefix(k, "ts-")) && len(k) > 3 {
			if _, ok := field(reflect.TypeOf(gen.GoOutput{}), k[3:]); ok || k[:2] == "ts" {
				if _, ok := field(reflect.TypeOf(gen.TSOutput{}), k[3:]); ok || k[:2] == "go" {
					return fmt.Sprintf("write -%s as %s under %s", k, k[3:], k[:2])
				}
			}
		}
		switch k {
		case "ref-map":
			return `did you mean "ref-maps"?`
		case "override":
			return `did you mean "overrides"?`
		}
	}
	t := reflect.TypeOf(gen.Config{})
	if parent != "" {
		for _, tok := range strings.Split(parent[1:], "/") {
			t = elem(t)
			switch t.Kind() {
			case reflect.Slice, reflect.Map:
				t = t.Elem()
			case reflect.Struct:
				f, ok := field(t, tok)
				if !ok {
					return ""
				}
				t = f.Type
			default:
				return ""
			}
		}
	}
	t = elem(t)
	if t.Kind() != reflect.Struct {
		return ""
	}
	best, bestD := "", 3
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if d := distance(strings.ToLower(k), strings.ToLower(name)); d < bestD && d < len(name) {
			best, bestD = name, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("did you mean %q?", best)
}

func elem(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func field(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if n, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); n == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

// distance is the edit distance of a and b (insertions, deletions, substitutions and swaps of
// adjacent characters), for names of a few dozen characters at most.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
