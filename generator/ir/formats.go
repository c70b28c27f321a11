package ir

// FormatSamples holds, for each format a validator can assert, a pattern whose every match is
// a valid value of that format: the arbitraries draw a string of an asserted format from it
// (Go and TypeScript alike), since a string drawn at random is almost never a date or an
// e-mail address and the validator's filter would refuse every draw. Each pattern is valid in
// RE2 and in ECMAScript (u flag), anchored, and covers a small, plain part of its format;
// generator/ir/formats_test.go and the arbitraries' end-to-end tests check the matches against
// the checkers.
var FormatSamples = map[string]string{
	"date-time":             `^(19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,3})?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9])$`,
	"date":                  `^(19|20)[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$`,
	"time":                  `^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,3})?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9])$`,
	"duration":              `^P([1-9][0-9]{0,2}D(T[1-9][0-9]{0,1}H)?|T[1-9][0-9]{0,1}M)$`,
	"email":                 `^[a-z][a-z0-9]{0,7}@[a-z][a-z0-9]{0,7}\.(com|org|net)$`,
	"idn-email":             `^[a-z][a-z0-9]{0,7}@[a-z][a-z0-9]{0,7}\.(com|org|net)$`,
	"hostname":              `^[a-z][a-z0-9]{0,7}(\.[a-z][a-z0-9]{0,7}){0,2}$`,
	"idn-hostname":          `^[a-z][a-z0-9]{0,7}(\.[a-z][a-z0-9]{0,7}){0,2}$`,
	"ipv4":                  `^(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$`,
	"ipv6":                  `^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$`,
	"uri":                   `^https://[a-z][a-z0-9]{0,7}\.(com|org)(/[a-z0-9]{1,8}){0,3}$`,
	"uri-reference":         `^(https://[a-z][a-z0-9]{0,7}\.com)?(/[a-z0-9]{1,8}){0,3}$`,
	"iri":                   `^https://[a-z][a-z0-9]{0,7}\.(com|org)(/[a-z0-9]{1,8}){0,3}$`,
	"iri-reference":         `^(https://[a-z][a-z0-9]{0,7}\.com)?(/[a-z0-9]{1,8}){0,3}$`,
	"uuid":                  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
	"uri-template":          `^https://[a-z][a-z0-9]{0,7}\.com(/([a-z0-9]{1,8}|\{[a-z]{1,8}\})){0,3}$`,
	"json-pointer":          `^(/[a-z0-9]{0,8}){0,4}$`,
	"relative-json-pointer": `^(0|[1-9][0-9]{0,2})(/[a-z0-9]{0,8}){0,3}$`,
	"regex":                 `^[a-z0-9]{0,12}$`,
}

// FormatSample is the pattern of FormatSamples the arbitraries draw a string of n from: that of
// n's format when n's validators assert it (the builder names the Go and the TypeScript checker
// together), else "".
func FormatSample(n *Node) string {
	if n == nil || n.FormatGo == "" {
		return ""
	}
	return FormatSamples[n.Format]
}
