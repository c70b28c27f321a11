package config

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/ojson"
	"github.com/skillgen/skillgen/internal/config/gen"
)

// Override adds keywords to the schema at one location before generation: what an entry of
// overrides (or -override) says.
type Override struct {
	// Location is the location as written: File, "#", Pointer.
	Location string
	// File is the schema file as skillgen names it in messages, relative to Base; Pointer a JSON
	// Pointer into the file as the user wrote it.
	File, Pointer string
	// Base is the folder File is relative to: the configuration file's, or "" (the current
	// folder) for -override.
	Base string
	// Keywords are the members to add, in the order of the schema of the configuration.
	Keywords []ojson.Member
	// Source names where the override was given, for messages: an *Error of the configuration
	// file without a reason, or nil for -override.
	Source *Error
}

// NewOverride makes the Override of one entry of overrides.
func NewOverride(loc string, o gen.Override) (Override, error) {
	file, ptr, ok := strings.Cut(loc, "#")
	if !ok || file == "" || (ptr != "" && !strings.HasPrefix(ptr, "/")) {
		return Override{}, fmt.Errorf("%q is not a schema location: write FILE#/JSON/Pointer, such as schema/pet.json#/$defs/Pet", loc)
	}
	str := func(s string) *ojson.Value { return &ojson.Value{Kind: ojson.String, Str: s} }
	strs := func(ss []string) *ojson.Value {
		v := &ojson.Value{Kind: ojson.Array}
		for _, s := range ss {
			v.Arr = append(v.Arr, str(s))
		}
		return v
	}
	var kw []ojson.Member
	add := func(name string, v *string) {
		if v != nil {
			kw = append(kw, ojson.Member{Key: name, Value: str(*v)})
		}
	}
	add("x-go-type", o.XGoType)
	if imp := o.XGoTypeImport; imp != nil {
		if imp.String != nil {
			add("x-go-type-import", imp.String)
		} else if g := imp.GoTypeImport; g != nil {
			members := []ojson.Member{{Key: "path", Value: str(g.Path)}}
			if g.Name != nil {
				members = append(members, ojson.Member{Key: "name", Value: str(*g.Name)})
			}
			kw = append(kw, ojson.Member{Key: "x-go-type-import", Value: ojson.NewObject(members)})
		}
	}
	add("x-go-name", o.XGoName)
	add("tsType", o.TsType)
	if o.XEnumVarnames != nil {
		kw = append(kw, ojson.Member{Key: "x-enum-varnames", Value: strs(o.XEnumVarnames)})
	}
	if o.TsEnumNames != nil {
		kw = append(kw, ojson.Member{Key: "tsEnumNames", Value: strs(o.TsEnumNames)})
	}
	if len(kw) == 0 {
		return Override{}, errors.New("no keyword to add")
	}
	return Override{Location: loc, File: file, Pointer: ptr, Keywords: kw}, nil
}

// ParseOverrideFlag reads a -override value: LOCATION={"keyword": value, …}, the location and
// the object of an entry of overrides in a configuration file. The object is checked against
// the configuration's schema (its pointers relative to the object).
func ParseOverrideFlag(s string) (Override, error) {
	i := strings.Index(s, "={")
	if i < 0 {
		return Override{}, fmt.Errorf("-override %q: want LOCATION={\"keyword\": value, …}", s)
	}
	o, err := gen.ParseOverride([]byte(s[i+1:]))
	if err != nil {
		return Override{}, fmt.Errorf("-override %q: %v", s, err)
	}
	ov, err := NewOverride(s[:i], o)
	if err != nil {
		return Override{}, fmt.Errorf("-override %q: %v", s, err)
	}
	return ov, nil
}

// fail returns the error of an override that cannot apply.
func (o Override) fail(format string, args ...any) error {
	reason := o.Location + ": " + fmt.Sprintf(format, args...)
	if o.Source != nil {
		e := *o.Source
		e.Reason = reason
		return &e
	}
	return errors.New("-override " + reason)
}

// Apply adds the keywords of every override to the loaded schema set, replacing a keyword that
// is already there. The location must be a schema object of a file of the set (named as
// messages name it: Display), written as the user wrote the file (before normalization: a
// draft-07 file's definitions, not $defs).
func Apply(set *load.Set, overrides []Override) error {
	var errs []error
	for _, o := range overrides {
		if err := apply(set, o); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func apply(set *load.Set, o Override) error {
	want, err := filepath.Abs(filepath.Join(o.Base, filepath.FromSlash(o.File)))
	if err != nil {
		return o.fail("%v", err)
	}
	var f *load.File
	var names []string
	for _, c := range set.Files {
		if abs, err := filepath.Abs(filepath.FromSlash(c.Display)); err == nil && abs == want {
			f = c
			break
		}
		names = append(names, c.Display)
	}
	if f == nil {
		if len(names) > 5 {
			names = append(names[:5], fmt.Sprintf("and %d more", len(names)-5))
		}
		return o.fail("%s is not a schema file skillgen read (it read %s)", o.File, strings.Join(names, ", "))
	}
	v, err := locate(f, o.Pointer)
	if err != nil {
		return o.fail("%v", err)
	}
	members := append([]ojson.Member(nil), v.Members...)
	for _, k := range o.Keywords {
		replaced := false
		for i := range members {
			if members[i].Key == k.Key {
				members[i].Value, replaced = k.Value, true
			}
		}
		if !replaced {
			members = append(members, k)
		}
	}
	*v = *ojson.NewObject(members)
	return nil
}

// Keywords whose value is a schema, an object of schemas, or an array of schemas, in the
// canonical form (draft 2020-12) every draft is normalized to.
var (
	schemaKeywords = map[string]bool{
		"additionalProperties": true, "items": true, "contains": true, "propertyNames": true,
		"not": true, "if": true, "then": true, "else": true, "unevaluatedItems": true,
		"unevaluatedProperties": true, "contentSchema": true,
	}
	schemaMapKeywords   = map[string]bool{"$defs": true, "properties": true, "patternProperties": true, "dependentSchemas": true}
	schemaArrayKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// locate returns the schema object at the user's pointer ptr in f, following the canonical form
// down the steps whose user pointers lead to ptr.
func locate(f *load.File, ptr string) (*ojson.Value, error) {
	type place int
	const (
		schema place = iota
		schemaMap
		schemaArray
		other
	)
	loc, v, at := f.At(""), f.Raw, schema
	for loc.User != ptr {
		var next *ojson.Value
		var nextLoc load.Location
		nextAt := other
		switch v.Kind {
		case ojson.Object:
			for _, m := range v.Members {
				c := loc.Child(m.Key)
				if c.User == ptr || strings.HasPrefix(ptr, c.User+"/") {
					next, nextLoc = m.Value, c
					switch {
					case at == schemaMap || at == schemaArray:
						nextAt = schema
					case at == schema && schemaKeywords[m.Key]:
						nextAt = schema
					case at == schema && schemaMapKeywords[m.Key]:
						nextAt = schemaMap
					case at == schema && schemaArrayKeywords[m.Key]:
						nextAt = schemaArray
					}
					break
				}
			}
		case ojson.Array:
			for i, e := range v.Arr {
				c := loc.Child(strconv.Itoa(i))
				if c.User == ptr || strings.HasPrefix(ptr, c.User+"/") {
					next, nextLoc = e, c
					if at == schemaArray {
						nextAt = schema
					}
					break
				}
			}
		}
		if next == nil {
			return nil, fmt.Errorf("%s has nothing at %s", f.Display, ptr)
		}
		loc, v, at = nextLoc, next, nextAt
	}
	switch {
	case at != schema:
		return nil, fmt.Errorf("not a schema (overrides apply to schemas: the root, or a schema below properties, $defs, items …)")
	case v.Kind == ojson.Bool:
		return nil, fmt.Errorf("the boolean schema %v, which holds no keywords: write it as an object ({} for true)", v.Bool)
	case v.Kind != ojson.Object:
		return nil, fmt.Errorf("not a schema object")
	}
	return v, nil
}
