// Package formats lists the format checkers of the generated code: for each format that JSON
// Schema defines, the drafts that define it and the names of its checker in the generated Go
// (templates/go/formats.go.tmpl) and TypeScript (templates/ts/formats.ts). An emitter that
// asserts a format calls the checker Lookup names; docs/formats.md gives the rules each
// checker follows.
package formats

// Draft is a JSON Schema draft, in the order they were published.
type Draft int

// The drafts.
const (
	Draft4 Draft = iota + 1
	Draft6
	Draft7
	Draft2019
	Draft2020
)

// String gives the draft's name as the test suite spells its folder ("draft2020-12").
func (d Draft) String() string {
	switch d {
	case Draft4:
		return "draft4"
	case Draft6:
		return "draft6"
	case Draft7:
		return "draft7"
	case Draft2019:
		return "draft2019-09"
	case Draft2020:
		return "draft2020-12"
	}
	return "draft?"
}

// Drafts lists every draft, oldest first.
var Drafts = []Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020}

// Format is one checker of one format.
type Format struct {
	Name string // the format, as "format" spells it
	Go   string // the Go checker, func(string) bool
	TS   string // the exported TypeScript checker, (s: string) => boolean
	// Since and Until are the first and last drafts that define the format with this
	// checker's rules (Until 0: every draft since).
	Since, Until Draft
}

// Formats lists every checker: one per format, but relative-json-pointer, whose draft 2020-12
// definition adds index manipulation.
var Formats = []Format{
	{"date-time", "sgFormatDateTime", "formatDateTime", Draft4, 0},
	{"date", "sgFormatDate", "formatDate", Draft7, 0},
	{"time", "sgFormatTime", "formatTime", Draft7, 0},
	{"duration", "sgFormatDuration", "formatDuration", Draft2019, 0},
	{"email", "sgFormatEmail", "formatEmail", Draft4, 0},
	{"idn-email", "sgFormatIDNEmail", "formatIDNEmail", Draft7, 0},
	{"hostname", "sgFormatHostname", "formatHostname", Draft4, 0},
	{"idn-hostname", "sgFormatIDNHostname", "formatIDNHostname", Draft7, 0},
	{"ipv4", "sgFormatIPv4", "formatIPv4", Draft4, 0},
	{"ipv6", "sgFormatIPv6", "formatIPv6", Draft4, 0},
	{"uri", "sgFormatURI", "formatURI", Draft4, 0},
	{"uri-reference", "sgFormatURIReference", "formatURIReference", Draft6, 0},
	{"iri", "sgFormatIRI", "formatIRI", Draft7, 0},
	{"iri-reference", "sgFormatIRIReference", "formatIRIReference", Draft7, 0},
	{"uuid", "sgFormatUUID", "formatUUID", Draft2019, 0},
	{"uri-template", "sgFormatURITemplate", "formatURITemplate", Draft6, 0},
	{"json-pointer", "sgFormatJSONPointer", "formatJSONPointer", Draft6, 0},
	{"relative-json-pointer", "sgFormatRelativeJSONPointerDraft7", "formatRelativeJSONPointerDraft7", Draft7, Draft2019},
	{"relative-json-pointer", "sgFormatRelativeJSONPointer", "formatRelativeJSONPointer", Draft2020, 0},
	{"regex", "sgFormatRegex", "formatRegex", Draft7, 0},
}

// Key names the checker among Formats: the format's name, followed for a checker of older
// drafts only by "@" and its first draft ("relative-json-pointer@draft7").
func (f Format) Key() string {
	if f.Until != 0 {
		return f.Name + "@" + f.Since.String()
	}
	return f.Name
}

// ByKey returns the checker Key names.
func ByKey(key string) (Format, bool) {
	for _, f := range Formats {
		if f.Key() == key {
			return f, true
		}
	}
	return Format{}, false
}

// Lookup returns the checker of a format in a draft; false when the draft does not define the
// format (an unknown format is an annotation only, as every draft says).
func Lookup(d Draft, name string) (Format, bool) {
	for _, f := range Formats {
		if f.Name == name && f.Since <= d && (f.Until == 0 || d <= f.Until) {
			return f, true
		}
	}
	return Format{}, false
}
