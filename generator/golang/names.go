package golang

import "github.com/skillgen/skillgen/generator/ir"

// The helpers generated for each type are named by a prefix and the type's Go name (sgDecodeT,
// sgFastT, …). No prefix starts another, and no name of the runtime is one of them followed by
// a capital letter (TestHelperNamesApart), so whatever a schema names its types, the helpers of
// one type never take the name of another type's helper or of the runtime's.
const (
	prefixDecode = "sgDecode"
	prefixEncode = "sgEncode"
	prefixKnown  = "sgKnown"
	prefixPlan   = "sgPlan"
	prefixOnly   = "sgOnly"
	prefixSize   = "sgSize"
	prefixFast   = "sgFast"
	prefixConds  = "sgConds"
	prefixOK     = "sgOK"
	prefixExtra  = "sgExtra" // followed by the name of the node's validator, not a type's
)

// helperPrefixes are the prefixes above, for the test that keeps them apart.
var helperPrefixes = []string{prefixDecode, prefixEncode, prefixKnown, prefixPlan, prefixOnly,
	prefixSize, prefixFast, prefixConds, prefixOK, prefixExtra}

// helperName is the name of t's helper of the given prefix.
func helperName(prefix string, t *ir.Type) string { return prefix + t.GoName }

func decName(t *ir.Type) string    { return helperName(prefixDecode, t) }
func encName(t *ir.Type) string    { return helperName(prefixEncode, t) }
func knownName(t *ir.Type) string  { return helperName(prefixKnown, t) }
func planName(t *ir.Type) string   { return helperName(prefixPlan, t) }
func fastName(t *ir.Type) string   { return helperName(prefixFast, t) }
func fastIfName(t *ir.Type) string { return helperName(prefixConds, t) }
func okName(t *ir.Type) string     { return helperName(prefixOK, t) }
