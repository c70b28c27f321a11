package generator

import (
	"errors"
	"fmt"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/skillgen/skillgen/generator/build"
)

// The checks of the option values. Each returns nil or an error saying what is wrong with
// the value (without naming the option: cmd/skillgen names the flag, Options.Check the field).
// They run before any work, so that a bad value never reaches an emitter.

// CheckGoPackage accepts a name for the generated Go package: an identifier, not a keyword,
// not the blank identifier, and not "main" (the generated package is imported by its users).
func CheckGoPackage(name string) error {
	switch {
	case name == "":
		return errors.New("empty: a Go package needs a name, such as skill")
	case token.IsKeyword(name):
		return errors.New("a Go keyword")
	case !token.IsIdentifier(name):
		return errors.New("not a Go identifier (letters, digits and underscores, not starting with a digit)")
	case name == "_":
		return errors.New("the blank identifier cannot name a package")
	case name == "main":
		return errors.New("package main is a command, which nothing can import; the generated package is imported by your code")
	}
	return nil
}

// CheckGoImportPath accepts an import path under the Go specification's restriction
// (graphic characters, no spaces, none of !"#$%&'()*,:;<=>?[\]^`{|}) made of non-empty
// slash-separated elements other than "." and "..".
func CheckGoImportPath(p string) error {
	if p == "" {
		return errors.New("empty")
	}
	for _, r := range p {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || strings.ContainsRune("!\"#$%&'()*,:;<=>?[\\]^`{|}\uFFFD", r) {
			return fmt.Errorf("%q cannot appear in an import path", r)
		}
	}
	for _, el := range strings.Split(p, "/") {
		if el == "" || el == "." || el == ".." {
			return errors.New("not an import path: empty, \".\" or \"..\" element")
		}
	}
	return nil
}

// npmCoreModules are the names of Node.js's own modules, which npm refuses as package names
// (the list of validate-npm-package-name 7, without the names its other rules refuse).
var npmCoreModules = []string{
	"assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console",
	"constants", "crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain",
	"events", "fs", "fs/promises", "http", "http2", "https", "inspector", "inspector/promises",
	"module", "net", "os", "path", "path/posix", "path/win32", "perf_hooks", "process",
	"punycode", "querystring", "readline", "readline/promises", "repl", "stream",
	"stream/consumers", "stream/promises", "stream/web", "string_decoder", "sys", "timers",
	"timers/promises", "tls", "trace_events", "tty", "url", "util", "util/types", "v8", "vm",
	"wasi", "worker_threads", "zlib",
}

// CheckNPMPackage accepts the names npm accepts for new packages, by the rules of npm's
// validate-npm-package-name: at most 214 characters, lower case, not starting with ".", "-" or
// "_", URL-safe (an optional "@scope/" prefix aside), none of ~'!()* in the name after the
// scope, not a Node.js core module, not node_modules or favicon.ico.
func CheckNPMPackage(name string) error {
	lower := strings.ToLower(name)
	last := name[strings.LastIndexByte(name, '/')+1:]
	switch {
	case name == "":
		return errors.New("empty")
	case strings.HasPrefix(name, "."), strings.HasPrefix(name, "-"), strings.HasPrefix(name, "_"):
		return fmt.Errorf("npm names cannot start with %q", name[:1])
	case strings.TrimSpace(name) != name:
		return errors.New("leading or trailing spaces")
	case lower == "node_modules", lower == "favicon.ico":
		return errors.New("a name npm reserves")
	case slices.Contains(npmCoreModules, lower):
		return errors.New("the name of a Node.js core module")
	case len(name) > 214:
		return errors.New("longer than 214 characters")
	case lower != name:
		return errors.New("npm names are lower case")
	case strings.ContainsAny(last, "~'!()*"):
		return errors.New("npm names cannot contain ~'!()*")
	}
	if uriComponentSafe(name) {
		return nil
	}
	if scope, pkg, ok := strings.Cut(name, "/"); ok && strings.HasPrefix(scope, "@") && len(scope) > 1 && !strings.Contains(pkg, "/") && pkg != "" {
		if strings.HasPrefix(pkg, ".") {
			return errors.New("the name after the scope cannot start with \".\"")
		}
		if uriComponentSafe(scope[1:]) && uriComponentSafe(pkg) {
			return nil
		}
	}
	return errors.New("npm names hold only URL-safe characters (a-z, 0-9, -, ., _), with an optional @scope/ prefix")
}

// uriComponentSafe reports whether JavaScript's encodeURIComponent leaves s as it is.
func uriComponentSafe(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0) {
			return false
		}
	}
	return true
}

// semverPattern is the regular expression of semver.org (Semantic Versioning 2.0.0).
var semverPattern = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)` +
	`(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?` +
	`(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

// CheckSemver accepts a Semantic Versioning 2.0.0 version (npm's "version") whose numbers
// JavaScript holds exactly (up to 2^53 - 1) and that is at most 256 characters long, as npm's
// semver package requires.
func CheckSemver(v string) error {
	if strings.HasPrefix(v, "v") || strings.HasPrefix(v, "=") {
		return fmt.Errorf("write the version without %q", v[:1])
	}
	m := semverPattern.FindStringSubmatch(v)
	if m == nil || len(v) > 256 {
		return errors.New("not a semantic version MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD] (semver.org)")
	}
	for _, n := range m[1:4] {
		if x, err := strconv.ParseUint(n, 10, 64); err != nil || x > 1<<53-1 {
			return fmt.Errorf("%s is larger than npm accepts (2^53 - 1)", n)
		}
	}
	return nil
}

var (
	spdxID    = regexp.MustCompile(`^[A-Za-z0-9.-]+\+?$`)
	spdxRef   = regexp.MustCompile(`^(DocumentRef-[A-Za-z0-9.-]+:)?LicenseRef-[A-Za-z0-9.-]+$`)
	spdxToken = regexp.MustCompile(`\(|\)|[^\s()]+`)
)

// CheckLicense accepts what npm's "license" field holds: an SPDX license expression (license
// identifiers or LicenseRef-s joined by AND, OR and WITH, with parentheses), UNLICENSED (no
// licence granted), or "SEE LICENSE IN <file>". Whether an identifier is on the SPDX list is not
// checked (npm only warns about that).
func CheckLicense(expr string) error {
	if expr == "UNLICENSED" {
		return nil
	}
	if f, ok := strings.CutPrefix(expr, "SEE LICENSE IN "); ok && strings.TrimSpace(f) != "" {
		return nil
	}
	toks := spdxToken.FindAllString(expr, -1)
	if len(toks) == 0 {
		return errors.New("not an SPDX license expression (such as MIT, Apache-2.0 or (MIT OR Apache-2.0)), UNLICENSED or SEE LICENSE IN <file>")
	}
	p := &spdxParser{toks: toks}
	if err := p.expression(); err != nil {
		return err
	}
	if p.i < len(toks) {
		return fmt.Errorf("not an SPDX license expression: unexpected %q", toks[p.i])
	}
	return nil
}

// spdxParser reads the grammar of SPDX license expressions (SPDX 2.3, annex D):
// expression = and {"OR" and}; and = with {"AND" with}; with = atom ["WITH" exception];
// atom = license-id ["+"] | license-ref | "(" expression ")".
type spdxParser struct {
	toks []string
	i    int
}

func (p *spdxParser) next() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *spdxParser) expression() error {
	for {
		if err := p.and(); err != nil {
			return err
		}
		if p.next() != "OR" {
			return nil
		}
		p.i++
	}
}

func (p *spdxParser) and() error {
	for {
		if err := p.with(); err != nil {
			return err
		}
		if p.next() != "AND" {
			return nil
		}
		p.i++
	}
}

func (p *spdxParser) with() error {
	if err := p.atom(); err != nil {
		return err
	}
	if p.next() == "WITH" {
		p.i++
		if e := p.next(); !spdxID.MatchString(e) || strings.HasSuffix(e, "+") || isOperator(e) {
			return errors.New("not an SPDX license expression: WITH needs an exception identifier")
		}
		p.i++
	}
	return nil
}

func (p *spdxParser) atom() error {
	t := p.next()
	switch {
	case t == "(":
		p.i++
		if err := p.expression(); err != nil {
			return err
		}
		if p.next() != ")" {
			return errors.New("not an SPDX license expression: unbalanced parentheses")
		}
		p.i++
		return nil
	case t == "":
		return errors.New("not an SPDX license expression: a license identifier is missing")
	case isOperator(t) || t == ")":
		return fmt.Errorf("not an SPDX license expression: unexpected %q", t)
	case spdxRef.MatchString(t), spdxID.MatchString(t):
		p.i++
		return nil
	}
	return fmt.Errorf("not an SPDX license expression: %q is not a license identifier", t)
}

func isOperator(t string) bool { return t == "AND" || t == "OR" || t == "WITH" }

// ParseMapFormats reads a -map-formats value: formats separated by commas, or "all" for every
// format skillgen maps (build.MappedFormats); empty maps none. A format that cannot be mapped
// is an error saying why.
func ParseMapFormats(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	if s == "all" {
		var all []string
		for f := range build.MappedFormats {
			all = append(all, f)
		}
		slices.Sort(all)
		return all, nil
	}
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if err := CheckMapFormat(f); err != nil {
			return nil, err
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

// CheckMapFormat accepts a format the generated Go can hold in a type of the standard library.
func CheckMapFormat(f string) error {
	if why := build.FormatMappingRefusal(f); why != "" {
		return fmt.Errorf("format %q cannot be mapped: %s", f, why)
	}
	return nil
}

// Check checks the values of o before any work, naming the field at fault. Empty values are
// left to the defaults of the emitters.
func (o Options) Check() error {
	for _, c := range []struct {
		field, value string
		check        func(string) error
	}{
		{"GoPackage", o.GoPackage, CheckGoPackage},
		{"GoImportPath", o.GoImportPath, CheckGoImportPath},
		{"TSPackage", o.TSPackage, CheckNPMPackage},
		{"TSVersion", o.TSVersion, CheckSemver},
		{"TSLicense", o.TSLicense, CheckLicense},
	} {
		if c.value == "" {
			continue
		}
		if err := c.check(c.value); err != nil {
			return fmt.Errorf("%s %q: %w", c.field, c.value, err)
		}
	}
	for _, f := range o.MapFormats {
		if err := CheckMapFormat(f); err != nil {
			return fmt.Errorf("MapFormats: %w", err)
		}
	}
	return nil
}
