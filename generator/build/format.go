package build

import (
	"github.com/skillgen/skillgen/generator/formats"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/generator/ojson"
)

// format decides whether the "format" of the schema object raw (at loc) is asserted, and by
// which checker: as Options.Format says (in a schema of draft-04, -06 or -07 by default,
// normalize.FormatDraftAsserts), or where the metaschema's vocabularies ask for it
// (normalize.FormatAssert), the checker of the format as the schema's draft defines it
// (normalize.FormatChecker when that is not draft 2020-12's definition). A format skillgen has
// no checker for stays an annotation, with a warning when assertion was asked for (by
// -assert-format or the vocabularies; not by the draft's default).
func (b *builder) format(n *ir.Node, loc load.Location, raw *ojson.Value) {
	flag := func(key string) bool {
		a, ok := raw.Get(key)
		return ok && a.Kind == ojson.Bool && a.Bool
	}
	asked := b.opts.Format == FormatAlways || flag(normalize.FormatAssert)
	byDraft := b.opts.Format == FormatByDraft && flag(normalize.FormatDraftAsserts)
	if !asked && !byDraft {
		return
	}
	key := n.Format
	if c, ok := raw.Get(normalize.FormatChecker); ok && c.Kind == ojson.String {
		key = c.Str
	}
	f, ok := formats.ByKey(key)
	if !ok && !asked {
		return
	}
	if !ok && key == "" {
		b.warn(b.errf(loc.Child("format"), "format %q is not a format of the schema's draft: not asserted", n.Format))
		return
	}
	if !ok {
		b.warn(b.errf(loc.Child("format"), "format %q is not one skillgen checks (docs/formats.md): not asserted", n.Format))
		return
	}
	n.FormatGo, n.FormatTS = f.Go, f.TS
}
