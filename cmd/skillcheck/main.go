// Command skillcheck validates JSON documents of the skill-sharing protocol (skill descriptors,
// skill indexes and the other schema types) with the generated Go package.
//
// Usage:
//
//	skillcheck -type TypeName [-consumer-version X.Y.Z] FILE|DIR...
//
// FILE "-" is standard input; a DIR stands for every *.json file below it, in sorted order.
// TypeName is matched case-insensitively (skilldescriptor is SkillDescriptor); an unknown name
// gets the nearest one as a suggestion. For every violation skillcheck prints one line
//
//	FILE:#POINTER: MESSAGE
//
// where POINTER is the RFC 6901 JSON Pointer of the offending value in URI-fragment form
// (RFC 6901 §6: "#" alone is the whole document, characters a fragment cannot hold are
// percent-encoded). Text that is not JSON is reported at "#".
//
// With -consumer-version (only for -type SkillDescriptor), a descriptor whose protocol MAJOR
// differs from the given version's MAJOR is reported as incompatible; as the protocol asks,
// that check comes first, and such a descriptor is not validated further.
//
// Exit status: 0 when every document is valid, 1 when any is invalid or incompatible, 2 on a
// usage error or when a file cannot be read.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	skill "github.com/skillgen/skillgen/gen/go"
)

const usage = "usage: skillcheck -type TypeName [-consumer-version X.Y.Z] FILE|DIR...\n"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("skillcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	typeName := fs.String("type", "", "the schema type every FILE must be (one of "+strings.Join(skill.TypeNames(), ", ")+")")
	consumer := fs.String("consumer-version", "", "the protocol version X.Y.Z the consumer supports; reports descriptors of another MAJOR as incompatible (-type SkillDescriptor only)")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "skillcheck: "+format+"\n", a...)
		fmt.Fprint(stderr, usage)
		return 2
	}
	names := skill.TypeNames()
	if *typeName == "" {
		return usageError("-type is required; valid types: %s", strings.Join(names, ", "))
	}
	typ, err := matchType(*typeName, names)
	if err != nil {
		return usageError("%v; valid types: %s", err, strings.Join(names, ", "))
	}
	*typeName = typ
	switch {
	case *consumer != "" && *typeName != "SkillDescriptor":
		return usageError("-consumer-version applies only to -type SkillDescriptor")
	case fs.NArg() == 0:
		return usageError("no FILE given (use - for standard input)")
	}
	if *consumer != "" {
		if _, err := skill.ParseVersion(*consumer); err != nil {
			return usageError("-consumer-version: %v", err)
		}
	}

	files, status := expand(fs.Args(), stderr)
	for _, file := range files {
		name, data, err := read(file, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "skillcheck: %v\n", err)
			status = 2
			continue
		}
		if !check(stdout, name, data, *typeName, *consumer) && status == 0 {
			status = 1
		}
	}
	return status
}

// matchType finds the type a -type value names: the exact name, or the one name equal to it
// ignoring case; otherwise the error suggests the nearest name.
func matchType(name string, names []string) (string, error) {
	if slices.Contains(names, name) {
		return name, nil
	}
	var folded []string
	for _, n := range names {
		if strings.EqualFold(n, name) {
			folded = append(folded, n)
		}
	}
	switch len(folded) {
	case 1:
		return folded[0], nil
	case 0:
		if near := nearest(name, names); near != "" {
			return "", fmt.Errorf("unknown type %q (did you mean %s?)", name, near)
		}
		return "", fmt.Errorf("unknown type %q", name)
	}
	return "", fmt.Errorf("type %q is ambiguous: it could be %s", name, strings.Join(folded, " or "))
}

// nearest returns the name closest to s ignoring case (by edit distance; a name that contains s
// counts as close), or "" when none is close enough to be a likely typo.
func nearest(s string, names []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	for _, n := range names {
		ln := strings.ToLower(n)
		d := editDistance(ls, ln)
		if strings.Contains(ln, ls) && len(ls) >= 3 {
			d = min(d, len(ln)-len(ls))
		}
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < 0 || bestD > max(2, len([]rune(s))/2) {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in code points.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// expand replaces every folder among the arguments with the *.json files below it, sorted; a
// folder without any is an error (status 2), like an argument that cannot be read.
func expand(args []string, stderr io.Writer) ([]string, int) {
	var files []string
	status := 0
	for _, a := range args {
		st, err := os.Stat(a)
		if a == "-" || err != nil || !st.IsDir() {
			files = append(files, a) // read reports what is wrong with it
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, d iofs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".json") {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(stderr, "skillcheck: %v\n", err)
			status = 2
		}
		if len(found) == 0 && err == nil {
			fmt.Fprintf(stderr, "skillcheck: %s: no *.json file in this folder or below\n", a)
			status = 2
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, status
}

func read(file string, stdin io.Reader) (name string, data []byte, err error) {
	if file == "-" {
		data, err = io.ReadAll(stdin)
		if err != nil {
			err = fmt.Errorf("reading standard input: %w", err)
		}
		return "<stdin>", data, err
	}
	data, err = os.ReadFile(file)
	return file, data, err
}

// check prints the problems of one document and reports whether it had none.
func check(w io.Writer, name string, data []byte, typeName, consumer string) bool {
	if consumer != "" {
		var incompatible *skill.VersionIncompatibleError
		if err := skill.CheckDocumentProtocol(data, consumer); errors.As(err, &incompatible) {
			fmt.Fprintf(w, "%s:%s: %s\n", name, fragment("/protocol/version"), oneLine(err.Error()))
			return false
		}
	}
	_, err := skill.Parse(typeName, data)
	if err == nil {
		return true
	}
	var verrs skill.ValidationErrors
	var verr skill.ValidationError
	switch {
	case errors.As(err, &verrs) && len(verrs) > 0:
	case errors.As(err, &verr):
		verrs = skill.ValidationErrors{verr}
	default:
		verrs = skill.ValidationErrors{{Pointer: "", Keyword: "", Message: err.Error()}}
	}
	for _, e := range verrs {
		msg := e.Message
		if msg == "" {
			msg = e.Keyword
		}
		fmt.Fprintf(w, "%s:%s: %s\n", name, fragment(e.Pointer), oneLine(msg))
	}
	return false
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// fragment returns the URI-fragment form of the JSON Pointer p (RFC 6901 §6): "#" followed by
// p with every byte that RFC 3986's fragment production does not allow percent-encoded
// (UTF-8 bytes, space, '%', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '#', '[', ']', ...).
func fragment(p string) string {
	var b strings.Builder
	b.WriteByte('#')
	for i := 0; i < len(p); i++ {
		c := p[i]
		if fragmentSafe(c) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// fragmentSafe reports whether c may appear literally in a URI fragment:
// fragment = *( pchar / "/" / "?" ), pchar = unreserved / sub-delims / ":" / "@".
func fragmentSafe(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@/?", c) >= 0
}
