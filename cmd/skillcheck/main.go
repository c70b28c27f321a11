// Command skillcheck validates JSON documents of the skill-sharing protocol (skill descriptors,
// skill indexes and the other schema types) with the generated Go package.
//
// Usage:
//
//	skillcheck -type TypeName [-consumer-version X.Y.Z] FILE...
//
// FILE "-" is standard input. For every violation skillcheck prints one line
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
	"os"
	"slices"
	"strings"

	skill "github.com/skillgen/skillgen/gen/go"
)

const usage = "usage: skillcheck -type TypeName [-consumer-version X.Y.Z] FILE...\n"

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
	switch {
	case *typeName == "":
		return usageError("-type is required; valid types: %s", strings.Join(names, ", "))
	case !slices.Contains(names, *typeName):
		return usageError("unknown type %q; valid types: %s", *typeName, strings.Join(names, ", "))
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

	status := 0
	for _, file := range fs.Args() {
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
