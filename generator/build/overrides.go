package build

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/naming"
	"github.com/skillgen/skillgen/generator/ojson"
)

// The overrides (docs/overrides.md): keywords by which a schema names its Go and TypeScript
// types, members and enum constants, or hands its values to a type of the user's.

// MappedFormats are the formats Options.MapFormats may map to a Go type of the standard
// library, with that type. The others are refused with the reason (FormatMappingRefusal).
var MappedFormats = map[string]ir.GoType{
	"date-time": {Path: "time", Name: "Time"},
}

// FormatMappingRefusal says why a format cannot be mapped to a Go type, or "" when it can.
func FormatMappingRefusal(format string) string {
	if _, ok := MappedFormats[format]; ok {
		return ""
	}
	switch format {
	case "date", "time":
		return "the standard library has no type for a calendar date or a time of day alone (time.Time needs both); name your own type with x-go-type"
	case "duration":
		return "time.Duration cannot hold ISO 8601 durations (P1M is a month of varying length; P1Y2M3D has calendar parts); name your own type with x-go-type"
	case "uuid":
		return "the standard library has no UUID type, and a string keeps the letter case the document has; name your own type (such as github.com/google/uuid's UUID) with x-go-type"
	case "uri":
		return "net/url's URL has no JSON encoding, and url.Parse followed by String does not write every URL back as it was written; name your own type with x-go-type"
	}
	return "not a format skillgen maps (date-time is)"
}

// goBuiltins are the predeclared Go types x-go-type may name without an import, with the JSON
// types their values take in encoding/json.
var goBuiltins = map[string]kindSet{
	"string": kString, "bool": kBool,
	"int": kInt, "int8": kInt, "int16": kInt, "int32": kInt, "int64": kInt,
	"uint": kInt, "uint8": kInt, "uint16": kInt, "uint32": kInt, "uint64": kInt,
	"float32": kNumber, "float64": kNumber,
}

// readOverrides reads the override keywords of the schema object raw at loc into n. Their
// shapes are checked here; what needs the whole schema (the kinds a type must hold, the
// number of enum values) is checked by checkOverrides.
func (b *builder) readOverrides(n *ir.Node, loc load.Location, raw *ojson.Value) {
	str := func(key string) (string, bool) {
		v, ok := raw.Get(key)
		if !ok {
			return "", false
		}
		if v.Kind != ojson.String || v.Str == "" {
			b.fail(b.errf(loc.Child(key), "%s must be a non-empty string", key))
			return "", false
		}
		return v.Str, true
	}
	if name, ok := str("x-go-name"); ok {
		if !token.IsIdentifier(name) || !token.IsExported(name) {
			b.fail(b.errf(loc.Child("x-go-name"), "x-go-name %q is not an exported Go identifier (a capital letter, then letters, digits and underscores)", name))
		} else {
			n.GoName = name
		}
	}
	if ts, ok := str("tsType"); ok {
		n.TSType = ts
		b.overrides = true
	}
	if gt, ok := str("x-go-type"); ok {
		n.GoType = b.goType(loc, raw, gt)
		b.overrides = true
	} else if _, ok := raw.Get("x-go-type-import"); ok {
		b.fail(b.errf(loc.Child("x-go-type-import"), "x-go-type-import without x-go-type"))
	}
	names := func(key string, ident func(string) bool, what string) []string {
		v, ok := raw.Get(key)
		if !ok {
			return nil
		}
		if v.Kind != ojson.Array {
			b.fail(b.errf(loc.Child(key), "%s must be an array of names, one per enum value", key))
			return nil
		}
		seen := map[string]int{}
		var out []string
		for i, e := range v.Arr {
			el := loc.Child(key).Child(fmt.Sprint(i))
			if e.Kind != ojson.String || !ident(e.Str) {
				b.fail(b.errf(el, "%s is not %s", describe(e), what))
				return nil
			}
			if j, dup := seen[e.Str]; dup {
				b.fail(b.errf(el, "%q names enum value %d already", e.Str, j))
				return nil
			}
			seen[e.Str] = i
			out = append(out, e.Str)
		}
		return out
	}
	n.GoEnumNames = names("x-enum-varnames", goIdentPart, "a Go identifier (letters, digits and underscores)")
	n.TSEnumNames = names("tsEnumNames", func(s string) bool { return s != "" }, "a non-empty string")
	if n.TSEnumNames == nil {
		n.TSEnumNames = n.GoEnumNames
	}
	if n.GoEnumNames == nil && n.TSEnumNames != nil {
		// tsEnumNames alone names the Go constants too, when they make Go identifiers.
		ok := true
		for _, s := range n.TSEnumNames {
			ok = ok && goIdentPart(naming.Camel(s))
		}
		if ok {
			for _, s := range n.TSEnumNames {
				n.GoEnumNames = append(n.GoEnumNames, naming.Camel(s))
			}
		}
	}
}

// goIdentPart: s, with its first letter upper-cased, is a Go identifier (it follows a type's
// name in the constant's).
func goIdentPart(s string) bool {
	return s != "" && token.IsIdentifier("X"+s)
}

// goType reads x-go-type (the type, "pkg.Name" or a predeclared type) and x-go-type-import
// (the import path, as a string or as oapi-codegen's {"path": …, "name": alias}).
func (b *builder) goType(loc load.Location, raw *ojson.Value, text string) *ir.GoType {
	at := loc.Child("x-go-type")
	path, alias := "", ""
	if imp, ok := raw.Get("x-go-type-import"); ok {
		il := loc.Child("x-go-type-import")
		switch imp.Kind {
		case ojson.String:
			path = imp.Str
		case ojson.Object:
			if p, ok := imp.Get("path"); ok && p.Kind == ojson.String {
				path = p.Str
			}
			if a, ok := imp.Get("name"); ok {
				if a.Kind != ojson.String || !token.IsIdentifier(a.Str) || a.Str == "_" {
					b.fail(b.errf(il.Child("name"), "the import's name must be a Go identifier"))
					return nil
				}
				alias = a.Str
			}
			for _, m := range imp.Members {
				if m.Key != "path" && m.Key != "name" {
					b.fail(b.errf(il.Child(m.Key), "x-go-type-import has only path and name"))
					return nil
				}
			}
		}
		if !importPath(path) {
			b.fail(b.errf(il, `x-go-type-import must be an import path, or {"path": "import/path", "name": "alias"}`))
			return nil
		}
	}
	qual, name, qualified := strings.Cut(text, ".")
	switch {
	case !qualified:
		if _, ok := goBuiltins[text]; !ok || path != "" {
			b.fail(b.errf(at, "x-go-type %q: write a type of another package as pkg.Name, with its import path in x-go-type-import (only the predeclared string, bool, int…, uint…, float32 and float64 stand alone)", text))
			return nil
		}
		return &ir.GoType{Name: text}
	case path == "":
		b.fail(b.errf(at, "x-go-type %q needs the import path of %s in x-go-type-import", text, qual))
		return nil
	case !token.IsIdentifier(qual) || !token.IsIdentifier(name) || !token.IsExported(name):
		b.fail(b.errf(at, "x-go-type %q is not a type of another package (pkg.Name, Name exported)", text))
		return nil
	case alias != "" && alias != qual:
		b.fail(b.errf(at, "x-go-type %q names the package %s, but x-go-type-import imports it as %s", text, qual, alias))
		return nil
	}
	if qual != path[strings.LastIndexByte(path, '/')+1:] {
		// The package name differs from the last element of its path: imported by that name.
		alias = qual
	}
	return &ir.GoType{Path: path, Alias: alias, Name: name}
}

// importPath: p is a Go import path: graphic characters but spaces and
// !"#$%&'()*,:;<=>?[\]^`{|}, in non-empty elements other than "." and "..".
func importPath(p string) bool {
	if p == "" {
		return false
	}
	for _, r := range p {
		if !unicode.IsGraphic(r) || unicode.IsSpace(r) || strings.ContainsRune("!\"#$%&'()*,:;<=>?[\\]^`{|}\uFFFD", r) {
			return false
		}
	}
	for _, el := range strings.Split(p, "/") {
		if el == "" || el == "." || el == ".." {
			return false
		}
	}
	return true
}

// checkOverrides checks, once every node is built, that each override can hold the values of
// its schema, and maps the formats Options.MapFormats asks for.
func (b *builder) checkOverrides() {
	mapped := map[string]bool{}
	for _, f := range b.opts.MapFormats {
		mapped[f] = true
	}
	for _, n := range b.out.Nodes {
		loc := b.locs[n]
		if n.GoType == nil && n.Format != "" && mapped[n.Format] {
			gt := MappedFormats[n.Format]
			if k := b.kindsOf(n) &^ kNull; k != kString {
				b.fail(b.errf(loc.Child("format"), "format %s is mapped to %s.%s (-map-formats), which holds strings only, but the schema also allows %s: add \"type\": \"string\", or leave the format out of -map-formats", n.Format, gt.Path, gt.Name, joinNames(k&^kString)))
			} else {
				n.GoType = &gt
				b.overrides = true
			}
		}
		if n.GoType != nil && n.GoType.Path == "" {
			if k := b.kindsOf(n) &^ kNull; k&^goBuiltins[n.GoType.Name] != 0 {
				b.fail(b.errf(loc.Child("x-go-type"), "x-go-type %s holds %s only, but the schema also allows %s", n.GoType.Name, joinNames(goBuiltins[n.GoType.Name]), joinNames(k&^goBuiltins[n.GoType.Name])))
			}
		}
		raw, _ := loc.Raw()
		for _, key := range []string{"x-enum-varnames", "tsEnumNames"} {
			v, ok := raw.Get(key)
			if !ok || v.Kind != ojson.Array {
				continue
			}
			switch {
			case n.Enum == nil:
				b.fail(b.errf(loc.Child(key), "%s names the values of an enum, and this schema has no enum", key))
			case len(v.Arr) != len(n.Enum):
				b.fail(b.errf(loc.Child(key), "%s has %d names for the %d values of enum", key, len(v.Arr), len(n.Enum)))
			}
		}
	}
}

// titledConsts returns the titles that name the members of a oneOf or anyOf whose branches
// are each a const with a title (a common way to name enum members), with the consts; nil
// when the branches are not all such.
func (b *builder) titledConsts(branches []*ir.Node) (values []ir.Value, titles []string) {
	if len(branches) == 0 {
		return nil, nil
	}
	for _, br := range branches {
		n := b.deref(br)
		if n == nil || n.Const == nil || n.Title == "" {
			return nil, nil
		}
		c := *n
		c.Const, c.Title, c.Description, c.Types, c.Default, c.Format, c.FormatGo, c.FormatTS = nil, "", "", nil, nil, "", "", ""
		if !isEmpty(&c) || (n.Const.Kind != ir.String && n.Const.Kind != ir.Number) {
			return nil, nil
		}
		values = append(values, *n.Const)
		titles = append(titles, n.Title)
	}
	return values, titles
}

// enumNames are the names of the enum values d.values in Go and TypeScript, from
// x-enum-varnames, tsEnumNames or the titles of consts; nil when not named.
func enumNames(n *ir.Node, d *design) (goNames, tsNames []string) {
	if d.names != nil {
		return d.names, d.names
	}
	if n.GoEnumNames == nil && n.TSEnumNames == nil {
		return nil, nil
	}
	// d.values are the distinct non-null values of n.Enum, in order: their names are those
	// at the same place in the enum.
	index := map[string]int{}
	for i, v := range n.Enum {
		if _, ok := index[valuesText([]ir.Value{v})]; !ok {
			index[valuesText([]ir.Value{v})] = i
		}
	}
	for _, v := range d.values {
		i := index[valuesText([]ir.Value{v})]
		if n.GoEnumNames != nil && i < len(n.GoEnumNames) {
			goNames = append(goNames, n.GoEnumNames[i])
		}
		if n.TSEnumNames != nil && i < len(n.TSEnumNames) {
			tsNames = append(tsNames, n.TSEnumNames[i])
		}
	}
	if len(goNames) != len(d.values) {
		goNames = nil
	}
	if len(tsNames) != len(d.values) {
		tsNames = nil
	}
	return goNames, tsNames
}

// titledEnum designs a oneOf or anyOf whose branches are each a const with a title as an enum
// whose values the titles name; nil when the branches are not such, or their values are not
// all distinct strings or all distinct numbers.
func (b *builder) titledEnum(d *design, branches []*ir.Node, nn kindSet) *design {
	values, titles := b.titledConsts(branches)
	if values == nil {
		return nil
	}
	seen := map[string]bool{}
	var kinds kindSet
	for _, v := range values {
		text := valuesText([]ir.Value{v})
		if seen[text] {
			return nil
		}
		seen[text] = true
		kinds |= valueKinds(v)
	}
	base, ok := kinds.scalar()
	if !ok || kinds&^nn != 0 || (kinds&^kNumber == 0 && !fitInt64(values)) {
		return nil
	}
	d.kind, d.base, d.values, d.names = dEnum, base, values, titles
	return d
}

// userTypes sets Type.GoUser: the user's Go type that stands for each named type, through
// the aliases, each type resolved once.
func (b *builder) userTypes() {
	if !b.overrides {
		return
	}
	done := map[*ir.Type]bool{}
	for _, t := range b.out.Types {
		var chain []*ir.Type
		var gt *ir.GoType
		for u := t; u != nil && !done[u] && len(chain) <= len(b.out.Types); {
			chain = append(chain, u)
			if u.Node != nil && u.Node.GoType != nil {
				gt = u.Node.GoType
				break
			}
			if u.Kind != ir.Alias || u.Alias == nil {
				break
			}
			if u.Alias.Go != nil {
				gt = u.Alias.Go
				break
			}
			if u.Alias.Kind != ir.RefNamed {
				break
			}
			u = u.Alias.Named
			if done[u] {
				gt = u.GoUser
			}
		}
		for _, u := range chain {
			u.GoUser = gt
			done[u] = true
		}
	}
}

// overrideOf is the Go type and the TypeScript text that x-go-type (or a mapped format) and
// tsType give the values of n: n's own, or those of the schema n is only a reference to.
func overrideOf(n *ir.Node) (gt *ir.GoType, ts string) {
	for i := 0; n != nil && i < 100; i++ {
		if gt == nil {
			gt = n.GoType
		}
		if ts == "" {
			ts = n.TSType
		}
		n = typeStep(n)
	}
	return gt, ts
}

// memberGoName is the x-go-name of the first of a member's schemas that has one.
func memberGoName(cands []*ir.Node) string {
	for _, c := range cands {
		if c != nil && c.GoName != "" {
			return c.GoName
		}
	}
	return ""
}

// fieldName is the Go name of the member name of a struct (or a tuple position), whose
// schemas are cands: their x-go-name, which must not be taken, or one made from name.
func (b *builder) fieldName(names *naming.Namer, name string, cands []*ir.Node) string {
	gn := memberGoName(cands)
	if gn == "" {
		return names.Unique(naming.Camel(name))
	}
	got := names.Unique(gn)
	if got != gn {
		for _, c := range cands {
			if c != nil && c.GoName == gn {
				b.overrideTaken(c, "x-go-name", gn)
				break
			}
		}
	}
	return got
}

// explicitNames refuses an x-go-name of a member that another member of the struct has too,
// by its own x-go-name or by the name made from its key.
func (b *builder) explicitNames(order []string, cands map[string][]*ir.Node) {
	by := map[string]string{}
	for _, name := range order {
		if memberGoName(cands[name]) == "" {
			by[naming.Camel(name)] = name
		}
	}
	for _, name := range order {
		gn := memberGoName(cands[name])
		if gn == "" {
			continue
		}
		if other, ok := by[gn]; ok {
			for _, c := range cands[name] {
				if c != nil && c.GoName == gn {
					if loc, ok := b.locs[c]; ok {
						b.fail(b.errf(loc.Child("x-go-name"), "x-go-name %s: the member %q is named %s too", gn, other, gn))
					}
					break
				}
			}
		}
		by[gn] = name
	}
}

// enumNamesKey is the keyword that names the Go constants of n's enum: x-enum-varnames, or
// tsEnumNames when it stands alone.
func (b *builder) enumNamesKey(n *ir.Node) string {
	if loc, ok := b.locs[n]; ok {
		if raw, ok := loc.Raw(); ok && raw.Kind == ojson.Object {
			if _, has := raw.Get("x-enum-varnames"); !has {
				return "tsEnumNames"
			}
		}
	}
	return "x-enum-varnames"
}

// overrideTaken reports that the name an override asks for is taken.
func (b *builder) overrideTaken(n *ir.Node, key, name string) {
	loc, ok := b.locs[n]
	if !ok {
		b.fail(&load.Error{Reason: fmt.Sprintf("%s: %s %s: the name is taken (by another member, type or constant, or a method the generated code declares)", n.Location, key, name)})
		return
	}
	b.fail(b.errf(loc.Child(key), "%s %s: the name is taken (by another member, type or constant, or a method the generated code declares)", key, name))
}
