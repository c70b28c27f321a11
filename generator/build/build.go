// Package build turns a loaded schema set into the IR: one ir.Node per schema location with its
// keywords, and the named types users see, with every Go and TypeScript name decided here.
package build

import (
	"errors"
	"fmt"
	"go/token"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/bug"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/naming"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
)

// Options tune the build.
type Options struct {
	// AllowUnsupported downgrades a refused keyword (a misspelling of an assertion) from an
	// error to a warning; the keyword is then ignored by the generated code.
	AllowUnsupported bool
	// Strict makes every warning an error.
	Strict bool
	// Format says where "format" is an assertion (for the formats skillgen has a checker
	// of): by default in the schemas of draft-04, -06 and -07, as the trusted validators of
	// those drafts assert it; see FormatMode. A metaschema's vocabularies that ask for it
	// make it one in any mode.
	Format FormatMode
	// Warn receives warnings, sorted by file and pointer; nil discards them.
	Warn func(error)
	// MapFormats lists the formats whose strings Go holds in a type of the standard library
	// (MappedFormats; docs/overrides.md).
	MapFormats []string
}

// FormatMode says where "format" is an assertion (docs/formats.md).
type FormatMode int

const (
	// FormatByDraft asserts format in the schemas of draft-04, -06 and -07 (as
	// santhosh-tekuri/jsonschema and ajv with ajv-formats do by default) and leaves it an
	// annotation in those of 2019-09 and 2020-12, whose specifications make it one. A format
	// skillgen has no checker of is then an annotation, silently: those drafts let a
	// validator ignore formats it does not know.
	FormatByDraft FormatMode = iota
	// FormatAlways asserts format in every draft (-assert-format); a format skillgen cannot
	// check is an annotation, with a warning.
	FormatAlways
	// FormatAnnotation makes format an annotation (-assert-format=false), except where a
	// metaschema's vocabularies require its assertion.
	FormatAnnotation
)

// keywords the generated code evaluates.
var assertions = map[string]bool{
	"type": true, "properties": true, "required": true, "additionalProperties": true, "enum": true,
	"const": true, "items": true, "prefixItems": true, "minItems": true, "maxItems": true,
	"uniqueItems": true, "minLength": true, "maxLength": true, "pattern": true, "minimum": true,
	"maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minProperties": true, "maxProperties": true, "$ref": true, "$defs": true, "allOf": true,
	"anyOf": true, "oneOf": true, "not": true, "if": true, "then": true, "else": true,
	"dependentRequired": true, "patternProperties": true, "propertyNames": true, "format": true,
	"x-unique-by": true, "contains": true, "minContains": true, "maxContains": true,
	"dependentSchemas": true, "unevaluatedProperties": true, "unevaluatedItems": true,
	"$dynamicRef": true, "$recursiveRef": true,
}

// keywords that carry no assertion.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"default": true, "examples": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"x-skillgen-behaviour": true,
	// $anchor names a location for references (the loader resolves "#name"); it asserts nothing.
	"$anchor": true,
	// The content keywords describe a string's encoded content; JSON Schema makes them
	// annotations, which validators do not assert by default (docs/validation.md).
	"contentMediaType": true, "contentEncoding": true, "contentSchema": true,
	// $vocabulary declares, in a metaschema, the vocabularies of the schemas written against it;
	// the loader honours it when it reads those schemas. In the metaschema itself it asserts
	// nothing.
	"$vocabulary": true,
	// $dynamicAnchor and $recursiveAnchor mark a location for dynamic references.
	"$dynamicAnchor": true, "$recursiveAnchor": true,
}

// editorAnnotations are annotations of editors and tools that schemas in the wild carry (VS
// Code, JSON Schema Store, ajv-errors, OpenAPI, json-schema-to-typescript): accepted silently,
// like x-* members.
var editorAnnotations = map[string]bool{
	"markdownDescription": true, "markdownEnumDescriptions": true, "enumDescriptions": true,
	"deprecationMessage": true, "defaultSnippets": true, "errorMessage": true,
	"patternErrorMessage": true, "doNotSuggest": true, "suggestSortText": true,
	"allowComments": true, "allowTrailingCommas": true, "example": true, "tsType": true,
	"tsEnumNames": true,
}

// misspellable are the keywords an unknown keyword is compared with for a "did you mean": the
// keywords of every draft (those of drafts before 2020-12 as the user would write them).
var misspellable = func() []string {
	var out []string
	for _, m := range []map[string]bool{assertions, annotations} {
		for k := range m {
			if !strings.HasPrefix(k, "x-") {
				out = append(out, k)
			}
		}
	}
	out = append(out, "definitions", "dependencies", "additionalItems")
	sort.Strings(out)
	return out
}()

// Behaviours are the behaviour packs a schema may turn on.
var Behaviours = map[string]bool{"skill-protocol": true, "superauditor": true}

type builder struct {
	set   *load.Set
	opts  Options
	nodes map[string]*ir.Node // by "path#pointer"
	out   *ir.Schema

	goTypes  *naming.Namer
	tsTypes  *naming.Namer
	goFuncs  *naming.Namer
	tsFuncs  *naming.Namer
	patterns map[string]*ir.Pattern
	goVars   *naming.Namer
	tsVars   *naming.Namer

	behaviours map[string]bool
	// unnamed: the nodes without a named type whose shape is being made, with the name
	// their inline types get (shapeOf)
	unnamed map[*ir.Node]string
	// nest: how many arrays and maps without a named type of their own the shape being made
	// lies in (refOf)
	nest   int
	locs   map[*ir.Node]load.Location
	derefs map[*ir.Node]*ir.Node

	errs     []*load.Error
	warnings []*load.Error
	warnOut  func(error)  // the caller's Options.Warn
	shape    *shapeState  // kinds and designs (design.go)
	dyn      dynamicState // dynamic references (dynamic.go)

	// overrides: a node has x-go-type, tsType or a mapped format (overrides.go), which the
	// shapes then look for.
	overrides bool
}

// Build builds the IR of a loaded schema set. It reports every problem of the schema at once:
// the loader's and its own, sorted by file and pointer (a load.Errors), and hands the warnings
// to opts.Warn, sorted too. A panic of the builder is an error that says it is a bug.
func Build(set *load.Set, opts Options) (s *ir.Schema, err error) {
	err = bug.Catch("building the types", func() error {
		s, err = buildSet(set, opts)
		return err
	})
	return s, err
}

func buildSet(set *load.Set, opts Options) (*ir.Schema, error) {
	b := &builder{
		set:        set,
		opts:       opts,
		nodes:      map[string]*ir.Node{},
		out:        &ir.Schema{},
		goTypes:    naming.NewNamer(naming.GoTypeReserved...),
		tsTypes:    naming.NewNamer(naming.TSReserved...),
		goFuncs:    naming.NewNamer(),
		tsFuncs:    naming.NewNamer(),
		patterns:   map[string]*ir.Pattern{},
		goVars:     naming.NewNamer(),
		tsVars:     naming.NewNamer(),
		behaviours: map[string]bool{},
		unnamed:    map[*ir.Node]string{},
		locs:       map[*ir.Node]load.Location{},
		derefs:     map[*ir.Node]*ir.Node{},
		errs:       set.Errors(),
		warnings:   set.Warnings(),
		warnOut:    opts.Warn,
		dyn:        dynamicState{names: set.DynamicNames()},
	}
	// Warnings raised while the build runs (by any part of it) join the builder's own.
	b.opts.Warn = func(err error) {
		var le *load.Error
		if errors.As(err, &le) {
			b.warnings = append(b.warnings, le)
		} else {
			b.warnings = append(b.warnings, &load.Error{Reason: err.Error()})
		}
	}
	s, err := b.build()
	return b.finish(s, err)
}

// finish reports the warnings (as errors, with Strict) and returns every error, sorted.
func (b *builder) finish(s *ir.Schema, err error) (*ir.Schema, error) {
	b.set.Locate(b.warnings)
	warnings := load.Sorted(b.warnings)
	if b.opts.Strict {
		for _, w := range warnings {
			b.errs = append(b.errs, &load.Error{File: w.File, Pointer: w.Pointer, Reason: w.Reason + " (an error with -strict)"})
		}
	} else if b.warnOut != nil {
		for _, w := range warnings {
			b.warnOut(w)
		}
	}
	if err != nil {
		var le *load.Error
		var les load.Errors
		switch {
		case errors.As(err, &les):
			b.errs = append(b.errs, les...)
		case errors.As(err, &le):
			b.errs = append(b.errs, le)
		default:
			return nil, err
		}
	}
	if len(b.errs) > 0 {
		b.set.Locate(b.errs)
		return nil, load.Join(b.errs)
	}
	return s, nil
}

func (b *builder) build() (*ir.Schema, error) {
	set := b.set
	type root struct {
		loc  load.Location
		name string
	}
	var roots []root
	for _, f := range set.Files {
		b.out.Sources = append(b.out.Sources, f.Path)
		if f.Raw.Kind == ojson.Bool || (f.Raw.Kind == ojson.Object && isTypeRoot(f.Raw)) {
			name := ""
			if t, ok := f.Raw.Get("title"); ok && t.Kind == ojson.String {
				name = t.Str
			}
			if name == "" {
				name = strings.TrimSuffix(load.SchemaBase(f.Path), ".schema")
			}
			roots = append(roots, root{f.At(""), name})
		}
		if f.Raw.Kind == ojson.Object {
			if defs, ok := f.Raw.Get("$defs"); ok && defs.Kind == ojson.Object {
				for _, m := range defs.Members {
					roots = append(roots, root{f.At("").Child("$defs", m.Key), m.Key})
				}
			}
		}
	}
	// Decide the names of the named types first, so that inline types never take them; a
	// type's own name comes before the functions of another (the parser of a type Error never
	// takes the name of a type ParseError: Error is renamed). A type that does not get its
	// name is a warning naming what holds it.
	named := make([]*ir.Type, len(roots))
	wanted := map[string]bool{}
	wantedBy := map[string]load.Location{}
	goNamed := func(r root) string {
		if raw, ok := r.loc.Raw(); ok && raw.Kind == ojson.Object {
			if v, ok := raw.Get("x-go-name"); ok && v.Kind == ojson.String && token.IsIdentifier(v.Str) && token.IsExported(v.Str) {
				return v.Str
			}
		}
		return naming.Camel(r.name)
	}
	for _, r := range roots {
		base := goNamed(r)
		if !wanted[base] {
			wanted[base], wantedBy[base] = true, r.loc
		}
	}
	// An x-go-name that another type has too (by its own x-go-name, or by its key) is an error.
	explicit := map[string]load.Location{}
	clash := map[load.Location]bool{}
	for _, r := range roots {
		if base := goNamed(r); base != naming.Camel(r.name) {
			if at, ok := explicit[base]; ok {
				b.fail(b.errf(r.loc.Child("x-go-name"), "x-go-name %s: the type at %s is named %s too", base, b.set.Source(at), base))
				clash[r.loc] = true
			}
			explicit[base] = r.loc
		}
	}
	for _, r := range roots {
		if base := naming.Camel(r.name); goNamed(r) == base {
			if at, ok := explicit[base]; ok && !clash[at] {
				b.fail(b.errf(at.Child("x-go-name"), "x-go-name %s: the type at %s is named %s too", base, b.set.Source(r.loc), base))
				clash[at] = true
			}
		}
	}
	heldBy := map[string]load.Location{} // a Go identifier of a named type's family → that type's location
	for i, r := range roots {
		base := goNamed(r)
		gn := b.goTypes.UniqueFamilyBeside(base, naming.GoTypeFamily, wanted)
		tn := gn
		if base != naming.Camel(r.name) {
			// x-go-name names the Go type only.
			tn = naming.Camel(r.name)
			if gn != base && !clash[r.loc] {
				b.fail(b.errf(r.loc.Child("x-go-name"), "x-go-name %s: the name is taken (by another type, or a name of its family the generated code declares)", base))
			}
		}
		named[i] = &ir.Type{GoName: gn, TSName: b.tsTypes.Unique(tn), Location: b.set.Source(r.loc)}
		if tn == gn {
			b.warnRenamed(r.loc, base, named[i], heldBy, wantedBy)
		}
		for _, d := range naming.GoTypeFamily(gn) {
			heldBy[d] = r.loc
		}
	}
	for i, r := range roots {
		n := b.node(r.loc)
		if n == nil || n.Type != nil {
			// Two roots reach the same location (cannot happen for distinct pointers).
			continue
		}
		n.Type = named[i]
		named[i].Node = n
	}
	if len(b.errs) > 0 {
		return nil, nil
	}
	if err := b.checkCycles(); err != nil {
		return nil, err
	}
	b.checkOverrides()
	if len(b.errs) > 0 {
		return nil, nil
	}
	for _, n := range b.out.Nodes {
		if d := b.declaredDecider(n); d != nil && n.Discriminator == nil {
			n.Decider = d
			continue
		}
		if n.Discriminator == nil && len(n.OneOf) > 0 {
			n.Decider = decider("oneOf", n.OneOf)
		} else if n.Discriminator == nil && len(n.AnyOf) > 0 {
			n.Decider = decider("anyOf", n.AnyOf)
		}
	}
	for _, t := range named {
		if t.Node == nil {
			continue
		}
		if err := b.shapeNamed(t); err != nil {
			return nil, err
		}
	}
	layout(b.out)
	b.userTypes()
	b.scopes()
	dedupe(b.out)
	b.nameShared()
	b.annotating()
	for k := range b.behaviours {
		b.out.Behaviours = append(b.out.Behaviours, k)
	}
	sort.Strings(b.out.Behaviours)
	return b.out, nil
}

// warnRenamed warns when the named type at loc did not get the name base, in Go or in
// TypeScript, saying why: a name of its family (base, ParseBase …) is that of the type at
// another location, or one the generated code declares itself.
func (b *builder) warnRenamed(loc load.Location, base string, t *ir.Type, heldBy, wantedBy map[string]load.Location) {
	if t.GoName == base && t.TSName == base {
		return
	}
	why := ""
	for _, d := range naming.GoTypeFamily(base) {
		if at, ok := heldBy[d]; ok {
			why = fmt.Sprintf("%s is a name of the type at %s", d, b.set.Source(at))
			break
		}
		if at, ok := wantedBy[d]; ok && d != base && at != loc {
			why = fmt.Sprintf("%s is the name of the type at %s", d, b.set.Source(at))
			break
		}
	}
	switch {
	case why != "":
	case t.GoName != base:
		why = base + " or a name of its family (Parse" + base + ", Validate" + base + ", " + base + "Values) is one the generated Go declares itself"
	default:
		why = base + " is a name the generated TypeScript uses (a global, or a reserved word)"
	}
	w := b.errf(loc, "type %s named %s in Go (parsed by Parse%s) and %s in TypeScript: %s", base, t.GoName, t.GoName, t.TSName, why)
	w.Kind = "type named otherwise than the schema names it, as the name or one of its family (ParseT, TValues …) is taken"
	b.warn(w)
}

// isTypeRoot: an object file root is a type unless it holds $defs and nothing else but
// annotations (known or not): a library of definitions. A boolean file root is always a type.
func isTypeRoot(v *ojson.Value) bool {
	if _, ok := v.Get("$defs"); !ok {
		return true
	}
	for _, m := range v.Members {
		if m.Key != "$defs" && (assertions[m.Key] || load.Nearest(m.Key, misspellable) != "") {
			return true
		}
	}
	return false
}

func (b *builder) errf(loc load.Location, format string, args ...any) *load.Error {
	return &load.Error{File: loc.File.Display, Pointer: loc.User, Reason: fmt.Sprintf(format, args...)}
}

// fail records an error; the build goes on, to find the others.
func (b *builder) fail(err error) {
	var le *load.Error
	switch {
	case errors.Is(err, load.ErrReported):
	case errors.As(err, &le):
		b.errs = append(b.errs, le)
	default:
		b.errs = append(b.errs, &load.Error{Reason: err.Error()})
	}
}

func (b *builder) warn(e *load.Error) { b.warnings = append(b.warnings, e) }

// node returns the IR node of a schema location, building it (and everything it reaches) on
// first use. Nodes are registered before their children are built, so cycles terminate.
// Problems are recorded (b.fail) and the node is built without the keyword at fault.
func (b *builder) node(loc load.Location) *ir.Node {
	if b.dyn.refused {
		return nil
	}
	saved := b.enter(loc)
	defer func() { b.dyn.scope = saved }()
	scope := b.dyn.key()
	key := loc.String() + scope
	if n, ok := b.nodes[key]; ok {
		return n
	}
	raw, ok := loc.Raw()
	if !ok {
		b.fail(b.errf(loc, "no schema at this location"))
		return nil
	}
	n := &ir.Node{Location: b.set.Source(loc)}
	if !b.specialize(n, loc, scope) {
		return nil
	}
	b.nodes[key] = n
	b.locs[n] = loc
	b.out.Nodes = append(b.out.Nodes, n)
	base := funcBase(loc) + b.scopeSuffix(n, loc, scope)
	n.GoFunc = b.goFuncs.Unique("v" + base)
	n.TSFunc = b.tsFuncs.Unique("v" + base)
	b.fill(n, loc, raw)
	return n
}

// annotating gives the annotating variant of their validator (ir.Node.GoAnnFunc, TSAnnFunc)
// to the nodes whose evaluated properties and items an unevaluatedProperties or
// unevaluatedItems keyword can observe: the in-place subschemas (not "not") of a node with one
// of those keywords, and theirs, transitively. Boolean schemas evaluate nothing and need none.
// Nodes that validate alike (SameAs) share the variant.
func (b *builder) annotating() {
	rep := func(n *ir.Node) *ir.Node {
		if n.SameAs != nil {
			return n.SameAs
		}
		return n
	}
	observed := func(n *ir.Node) []*ir.Node {
		var out []*ir.Node
		for _, c := range n.InPlace() {
			if c != n.Not {
				out = append(out, c)
			}
		}
		return out
	}
	seen := map[*ir.Node]bool{}
	var stack []*ir.Node
	for _, n := range b.out.Nodes {
		if n.SameAs == nil && (n.UnevaluatedProperties != nil || n.UnevaluatedItems != nil) {
			stack = append(stack, observed(n)...)
		}
	}
	for len(stack) > 0 {
		c := rep(stack[len(stack)-1])
		stack = stack[:len(stack)-1]
		if seen[c] || c.Bool != nil {
			continue
		}
		seen[c] = true
		stack = append(stack, observed(c)...)
	}
	for _, n := range b.out.Nodes {
		if seen[n] {
			n.GoAnnFunc = b.goFuncs.Unique(n.GoFunc + "Ann")
			n.TSAnnFunc = b.tsFuncs.Unique(n.TSFunc + "Ann")
		}
	}
	for _, n := range b.out.Nodes {
		if n.SameAs != nil {
			n.GoAnnFunc, n.TSAnnFunc = n.SameAs.GoAnnFunc, n.SameAs.TSAnnFunc
		}
	}
}

// checkCycles refuses a schema that reaches itself through $ref (or allOf, anyOf, oneOf, not,
// if/then/else, dependentSchemas) without descending into the document: its validator would never terminate.
func (b *builder) checkCycles() error {
	const (
		unseen = iota
		active
		done
	)
	state := make(map[*ir.Node]int, len(b.out.Nodes))
	type frame struct {
		n    *ir.Node
		next []*ir.Node
	}
	for _, start := range b.out.Nodes {
		if state[start] != unseen {
			continue
		}
		// An explicit stack: a chain of 10,000 references must not need 10,000 Go frames.
		stack := []frame{{start, start.InPlace()}}
		state[start] = active
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.next) == 0 {
				state[top.n] = done
				stack = stack[:len(stack)-1]
				continue
			}
			c := top.next[0]
			top.next = top.next[1:]
			switch state[c] {
			case unseen:
				state[c] = active
				stack = append(stack, frame{c, c.InPlace()})
			case active:
				var path []string
				for i := len(stack) - 1; i >= 0; i-- {
					path = append([]string{"#" + b.locs[stack[i].n].Pointer}, path...)
					if stack[i].n == c {
						break
					}
				}
				if len(path) > 6 {
					path = append(path[:3], fmt.Sprintf("… (%d schemas)", len(path)))
				}
				path = append(path, "#"+b.locs[c].Pointer)
				return b.errf(b.locs[c], "$ref cycle that never descends into the document (%s): its validator would never terminate", strings.Join(path, " → "))
			}
		}
	}
	return nil
}

// funcBase derives a readable, stable identifier from a location.
func funcBase(loc load.Location) string {
	var parts []string
	file := load.SchemaBase(loc.File.Path)
	parts = append(parts, naming.Camel(file))
	size := len(parts[0])
	// Only the segments the first 120 bytes come from are read: a pointer thousands of levels
	// deep costs no more than a short one.
	for rest := loc.Pointer; rest != "" && size <= 120; {
		var t string
		t, rest, _ = strings.Cut(rest, "/")
		if t == "" || t == "$defs" || t == "properties" || t == normalize.Ignored {
			continue
		}
		parts = append(parts, naming.Camel(t))
		size += len(parts[len(parts)-1])
	}
	s := strings.Join(parts, "")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

func (b *builder) fill(n *ir.Node, loc load.Location, raw *ojson.Value) {
	switch raw.Kind {
	case ojson.Bool:
		v := raw.Bool
		n.Bool = &v
		return
	case ojson.Object:
	default:
		b.fail(b.errf(loc, "a schema must be an object or a boolean"))
		return
	}
	for _, m := range raw.Members {
		b.checkKeyword(loc, m.Key)
	}
	for _, m := range raw.Members {
		v := m.Value
		cl := loc.Child(m.Key)
		var err error
		switch m.Key {
		case "title":
			n.Title = v.Str
		case "description":
			n.Description = v.Str
		case "default":
			d := toValue(v)
			n.Default = &d
		case "x-skillgen-behaviour":
			if v.Kind != ojson.Array {
				b.fail(b.errf(cl, "x-skillgen-behaviour must be an array of strings"))
				continue
			}
			for _, e := range v.Arr {
				if e.Kind != ojson.String || !Behaviours[e.Str] {
					b.fail(b.errf(cl, "unknown behaviour %s (known: skill-protocol, superauditor)", describe(e)))
					continue
				}
				b.behaviours[e.Str] = true
			}
		case "x-skillgen-tool":
			tool := &ir.Tool{Params: n}
			if v.Kind == ojson.Object {
				if name, ok := v.Get("name"); ok && name.Kind == ojson.String {
					tool.Name = name.Str
				}
				if d, ok := v.Get("description"); ok && d.Kind == ojson.String {
					tool.Description = d.Str
				}
			}
			if !toolName.MatchString(tool.Name) || tool.Description == "" {
				b.fail(b.errf(cl, `x-skillgen-tool must be {"name": "snake_case_name", "description": "…"}`))
				continue
			}
			tool.GoName = b.goTypes.Unique(naming.Camel(tool.Name) + "ToolJSON")
			tool.TSName = b.tsTypes.Unique(strings.ToUpper(tool.Name) + "_TOOL_JSON")
			b.out.Tools = append(b.out.Tools, tool)
		case "x-unique-by":
			if v.Kind != ojson.String {
				b.fail(b.errf(cl, "x-unique-by must be a property name"))
				continue
			}
			n.UniqueBy = v.Str
		case "$ref":
			target, terr := b.set.RefTarget(loc)
			if terr != nil {
				b.fail(terr)
				continue
			}
			n.Ref = b.node(target)
		case "$dynamicRef", "$recursiveRef":
			b.dynamicRef(n, loc, m.Key)
		case "type":
			if v.Kind == ojson.String {
				n.Types = []string{v.Str}
			} else {
				for _, e := range v.Arr {
					n.Types = append(n.Types, e.Str)
				}
			}
		case "enum":
			// An empty enum accepts nothing: Enum is non-nil (and empty) for it.
			n.Enum = []ir.Value{}
			for _, e := range v.Arr {
				n.Enum = append(n.Enum, toValue(e))
			}
		case "const":
			c := toValue(v)
			n.Const = &c
		case "properties":
			b.schemaMap(cl, v, func(name string, s *ir.Node) {
				n.Properties = append(n.Properties, ir.Property{Name: name, Schema: s})
			})
		case "required":
			for _, e := range v.Arr {
				n.Required = append(n.Required, e.Str)
			}
		case "additionalProperties":
			n.AdditionalProperties = b.node(cl)
		case "patternProperties":
			for _, p := range v.Members {
				pat, perr := b.pattern(cl.Child(p.Key), p.Key)
				if perr != nil {
					b.fail(perr)
					continue
				}
				n.PatternProperties = append(n.PatternProperties, ir.PatternProperty{Pattern: pat, Schema: b.node(cl.Child(p.Key))})
			}
		case "propertyNames":
			n.PropertyNames = b.node(cl)
		case "minProperties":
			n.MinProperties, err = b.count(cl, v)
		case "maxProperties":
			n.MaxProperties, err = b.count(cl, v)
		case "dependentRequired":
			for _, d := range v.Members {
				dep := ir.Dependency{Property: d.Key}
				for _, e := range d.Value.Arr {
					dep.Requires = append(dep.Requires, e.Str)
				}
				n.DependentRequired = append(n.DependentRequired, dep)
			}
		case "dependentSchemas":
			b.schemaMap(cl, v, func(name string, s *ir.Node) {
				n.DependentSchemas = append(n.DependentSchemas, ir.DependentSchema{Property: name, Schema: s})
			})
		case "unevaluatedProperties":
			n.UnevaluatedProperties = b.node(cl)
		case "unevaluatedItems":
			n.UnevaluatedItems = b.node(cl)
		case "contains":
			n.Contains = b.node(cl)
		case "minContains":
			n.MinContains, err = b.count(cl, v)
		case "maxContains":
			n.MaxContains, err = b.count(cl, v)
		case "prefixItems":
			n.PrefixItems = b.schemaList(cl, v)
		case "items":
			n.Items = b.node(cl)
		case "minItems":
			n.MinItems, err = b.count(cl, v)
		case "maxItems":
			n.MaxItems, err = b.count(cl, v)
		case "uniqueItems":
			n.UniqueItems = v.Bool
		case "minLength":
			n.MinLength, err = b.count(cl, v)
		case "maxLength":
			n.MaxLength, err = b.count(cl, v)
		case "pattern":
			n.Pattern, err = b.pattern(cl, v.Str)
		case "format":
			n.Format = v.Str
			b.format(n, loc, raw)
		case "minimum":
			n.Minimum, err = b.number(cl, v)
		case "maximum":
			n.Maximum, err = b.number(cl, v)
		case "exclusiveMinimum":
			n.ExclusiveMinimum, err = b.number(cl, v)
		case "exclusiveMaximum":
			n.ExclusiveMaximum, err = b.number(cl, v)
		case "multipleOf":
			n.MultipleOf, err = b.number(cl, v)
		case "allOf":
			n.AllOf = b.schemaList(cl, v)
		case "anyOf":
			n.AnyOf = b.schemaList(cl, v)
		case "oneOf":
			n.OneOf = b.schemaList(cl, v)
		case "not":
			n.Not = b.node(cl)
		case "if":
			n.If = b.node(cl)
		case "then":
			n.Then = b.node(cl)
		case "else":
			n.Else = b.node(cl)
		}
		if err != nil {
			b.fail(err)
		}
	}
	b.readOverrides(n, loc, raw)
	// then/else without if have no effect, nor minContains/maxContains without contains.
	if n.If == nil {
		n.Then, n.Else = nil, nil
	}
	if n.Contains == nil {
		n.MinContains, n.MaxContains = nil, nil
	}
	if len(n.OneOf) > 0 {
		n.Discriminator = discriminator("oneOf", n.OneOf)
	} else if len(n.AnyOf) > 0 {
		n.Discriminator = discriminator("anyOf", n.AnyOf)
	}
}

// checkKeyword applies the keyword policy to member k of the schema object at loc: the
// keywords skillgen implements and the annotations (JSON Schema's, the editors' of
// editorAnnotations, x-*) pass; a misspelling of an assertion ("requried", "maxLenght") is
// refused (a warning with AllowUnsupported); a misspelled annotation ("descripton") and any other unknown keyword are
// warnings (errors with Strict), except an unknown keyword that holds schemas a reference
// points at (a container, however it is spelled).
func (b *builder) checkKeyword(loc load.Location, k string) {
	if assertions[k] || annotations[k] || editorAnnotations[k] || vendorKeyword(k) {
		return
	}
	cl := loc.Child(k)
	refuse := func(e *load.Error) {
		if b.opts.AllowUnsupported {
			b.warn(e)
		} else {
			b.fail(e)
		}
	}
	if b.set.Referenced(cl) {
		return
	}
	if near := load.Nearest(k, misspellable); near != "" {
		if annotations[near] {
			b.warn(b.errf(cl, "unknown keyword %q ignored: did you mean %q?", k, near))
		} else {
			refuse(b.errf(cl, "unknown keyword %q: did you mean %q?", k, near))
		}
		return
	}
	b.warn(b.errf(cl, "unknown keyword %q ignored (JSON Schema treats unknown keywords as annotations)", k))
}

// vendorKeyword: a keyword with a vendor's prefix, an annotation of that vendor's tools that
// JSON Schema never defines: x-* (OpenAPI's extensions) and any prefix:name (CycloneDX's
// meta:enum, meta:license).
func vendorKeyword(k string) bool {
	if strings.HasPrefix(k, "x-") {
		return true
	}
	prefix, name, ok := strings.Cut(k, ":")
	return ok && prefix != "" && name != "" && !strings.ContainsAny(k, " /")
}

// schemaMap builds the schemas of a keyword whose value maps names to schemas, in document
// order, handing each to add.
func (b *builder) schemaMap(loc load.Location, v *ojson.Value, add func(name string, s *ir.Node)) {
	for _, m := range v.Members {
		if s := b.node(loc.Child(m.Key)); s != nil {
			add(m.Key, s)
		}
	}
}

// schemaList builds the schemas of a keyword whose value is an array of schemas.
func (b *builder) schemaList(loc load.Location, v *ojson.Value) []*ir.Node {
	var list []*ir.Node
	for i := range v.Arr {
		if s := b.node(loc.Child(strconv.Itoa(i))); s != nil {
			list = append(list, s)
		}
	}
	return list
}

func describe(v *ojson.Value) string {
	if v.Kind == ojson.String {
		return strconv.Quote(v.Str)
	}
	return "(not a string)"
}

func (b *builder) count(loc load.Location, v *ojson.Value) (*int64, error) {
	f, err := strconv.ParseFloat(v.Str, 64)
	if err != nil || f < 0 || f != math.Trunc(f) {
		return nil, b.errf(loc, "must be a non-negative integer")
	}
	if f > 1<<53 {
		f = 1 << 53
	}
	i := int64(f)
	return &i, nil
}

func (b *builder) number(loc load.Location, v *ojson.Value) (*ir.NumberLit, error) {
	f, err := strconv.ParseFloat(v.Str, 64)
	if err != nil || math.IsInf(f, 0) {
		return nil, b.errf(loc, "number %s is outside the range of a double", v.Str)
	}
	return &ir.NumberLit{Literal: v.Str, Float: f}, nil
}

var toolName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// ecmaOnly matches pattern syntax ECMAScript accepts and RE2 reads differently or refuses.
var ecmaOnly = regexp.MustCompile(`\(\?(?:[=!]|<[=!])|\\[1-9]|\\k<`)

func (b *builder) pattern(loc load.Location, src string) (*ir.Pattern, error) {
	if p, ok := b.patterns[src]; ok {
		return p, nil
	}
	ahead, rest, split := leadingLookaheads(src)
	if !split {
		if ecmaOnly.MatchString(src) {
			return nil, b.errf(loc, "pattern %q uses lookaround or backreferences, which RE2 (Go) cannot compile (only lookaheads right after a leading ^ can be read)", src)
		}
		if _, err := regexp.Compile(src); err != nil {
			return nil, b.errf(loc, "pattern %q does not compile under RE2: %v", src, err)
		}
	}
	base := "Pattern" + strconv.Itoa(len(b.patterns))
	p := &ir.Pattern{Source: src, GoVar: b.goVars.Unique("re" + base), TSVar: b.tsVars.Unique("re" + base), Ahead: ahead, Rest: rest}
	b.patterns[src] = p
	return p, nil
}

func toValue(v *ojson.Value) ir.Value {
	switch v.Kind {
	case ojson.Null:
		return ir.Value{Kind: ir.Null}
	case ojson.Bool:
		return ir.Value{Kind: ir.Bool, Bool: v.Bool}
	case ojson.Number:
		return ir.Value{Kind: ir.Number, Number: v.Str}
	case ojson.String:
		return ir.Value{Kind: ir.String, String: v.Str}
	case ojson.Array:
		out := ir.Value{Kind: ir.Array, Array: []ir.Value{}}
		for _, e := range v.Arr {
			out.Array = append(out.Array, toValue(e))
		}
		return out
	default:
		out := ir.Value{Kind: ir.Object, Object: []ir.Member{}}
		for _, m := range v.Members {
			out.Object = append(out.Object, ir.Member{Key: m.Key, Value: toValue(m.Value)})
		}
		return out
	}
}

// deref follows a node's reference ($ref, or a dynamic reference: refStep) while the node has
// nothing but the reference (annotations aside).
func deref(n *ir.Node) *ir.Node {
	for i := 0; n != nil && refStep(n) != nil && i < 100000; i++ {
		n = refStep(n)
	}
	return n
}

// onlyRef: the node asserts nothing besides its $ref.
func onlyRef(n *ir.Node) bool {
	c := *n
	c.Ref, c.Title, c.Description, c.Default, c.Location, c.GoFunc, c.TSFunc, c.Type, c.Scope = nil, "", "", nil, "", "", "", nil, ""
	return isEmpty(&c)
}

func isEmpty(n *ir.Node) bool {
	return n.Bool == nil && n.Ref == nil && n.DynamicRef == nil && len(n.Types) == 0 && n.Enum == nil && n.Const == nil &&
		n.Properties == nil && n.Required == nil && n.AdditionalProperties == nil &&
		n.PatternProperties == nil && n.PropertyNames == nil && n.MinProperties == nil &&
		n.MaxProperties == nil && n.DependentRequired == nil && n.DependentSchemas == nil &&
		n.PrefixItems == nil && n.Contains == nil &&
		n.Items == nil && n.MinItems == nil && n.MaxItems == nil && !n.UniqueItems &&
		n.UniqueBy == "" && n.MinLength == nil && n.MaxLength == nil && n.Pattern == nil &&
		n.Minimum == nil && n.Maximum == nil && n.ExclusiveMinimum == nil &&
		n.ExclusiveMaximum == nil && n.MultipleOf == nil && n.FormatGo == "" && n.AllOf == nil && n.AnyOf == nil &&
		n.OneOf == nil && n.Not == nil && n.If == nil && n.UnevaluatedProperties == nil &&
		n.UnevaluatedItems == nil
}

// stringConst returns the string a schema pins its value to (const, or a one-value enum).
func stringConst(n *ir.Node) (string, bool) {
	n = deref(n)
	if n == nil {
		return "", false
	}
	if n.Const != nil && n.Const.Kind == ir.String {
		return n.Const.String, true
	}
	if len(n.Enum) == 1 && n.Enum[0].Kind == ir.String {
		return n.Enum[0].String, true
	}
	return "", false
}

// discriminator finds the tagged-union shape of anyOf/oneOf branches.
func discriminator(keyword string, branches []*ir.Node) *ir.Discriminator {
	if len(branches) < 2 {
		return nil
	}
	var prop string
	seen := map[string]bool{}
	d := &ir.Discriminator{Keyword: keyword}
	for i, br := range branches {
		br = deref(br)
		if br == nil || len(br.Types) != 1 || br.Types[0] != "object" {
			return nil
		}
		if i == 0 {
			// the first required property pinned to a string const
			for _, r := range br.Required {
				for _, p := range br.Properties {
					if p.Name == r {
						if _, ok := stringConst(p.Schema); ok && prop == "" {
							prop = r
						}
					}
				}
			}
			if prop == "" {
				return nil
			}
		}
		if !contains(br.Required, prop) {
			return nil
		}
		var val string
		found := false
		for _, p := range br.Properties {
			if p.Name == prop {
				val, found = stringConst(p.Schema)
			}
		}
		if !found || seen[val] {
			return nil
		}
		seen[val] = true
		d.Values = append(d.Values, val)
	}
	d.Property = prop
	return d
}

func propertiesOf(n *ir.Node) []ir.Property {
	if n == nil {
		return nil
	}
	return n.Properties
}

// declaredDecider reads the decider an OpenAPI discriminator declares (normalize.Discriminator:
// the value of a property that names each branch of the oneOf or anyOf beside it).
func (b *builder) declaredDecider(n *ir.Node) *ir.Discriminator {
	loc, ok := b.locs[n]
	if !ok {
		return nil
	}
	raw, ok := loc.Raw()
	if !ok || raw.Kind != ojson.Object {
		return nil
	}
	v, ok := raw.Get(normalize.Discriminator)
	if !ok {
		return nil
	}
	kw, _ := v.Get("keyword")
	prop, _ := v.Get("property")
	vals, _ := v.Get("values")
	if kw == nil || prop == nil || vals == nil || vals.Kind != ojson.Array {
		return nil
	}
	branches := n.OneOf
	if kw.Str == "anyOf" {
		branches = n.AnyOf
	}
	if len(branches) < 2 || len(vals.Arr) != len(branches) {
		return nil
	}
	d := &ir.Discriminator{Keyword: kw.Str, Property: prop.Str}
	for _, e := range vals.Arr {
		d.Values = append(d.Values, e.Str)
	}
	return d
}

// decider finds the property that names the branch of an anyOf/oneOf a document means: one
// that every branch (through its references) declares with a distinct string const (or a
// one-string enum), whether or not it is required or the branch says "type": "object" (a
// FHIR resource's "resourceType"). The first such property of the first branch, in its order.
func decider(keyword string, branches []*ir.Node) *ir.Discriminator {
	if len(branches) < 2 {
		return nil
	}
	first := deref(branches[0])
	if first == nil {
		return nil
	}
	for _, cand := range first.Properties {
		if _, ok := stringConst(cand.Schema); !ok {
			continue
		}
		d := &ir.Discriminator{Keyword: keyword, Property: cand.Name}
		seen := map[string]bool{}
		for _, br := range branches {
			br = deref(br)
			val, found := "", false
			for _, p := range propertiesOf(br) {
				if p.Name == cand.Name {
					val, found = stringConst(p.Schema)
				}
			}
			if !found || seen[val] {
				d = nil
				break
			}
			seen[val] = true
			d.Values = append(d.Values, val)
		}
		if d != nil {
			return d
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}
