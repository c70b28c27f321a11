package generator

import (
	"errors"
	"fmt"
	"strings"

	"github.com/skillgen/skillgen/generator/load"
)

// warningPlaces is the number of places a line of grouped warnings names without -v.
const warningPlaces = 3

// GroupWarnings folds the warnings of one kind (the same reason, or the same load.Error Kind,
// at different places) into one line: the reason (or kind), the number of places and the first
// warningPlaces of them ("and N more"), or every place with all (-v); with all, the warnings of
// a Kind, whose reasons differ, are each a line of their own, as they are. A kind met once is
// its own line, as the warning says it. The lines come in the order of each kind's first
// warning (the warnings come sorted by file and pointer), the places in the order they were met.
func GroupWarnings(warns []error, all bool) []string {
	type group struct {
		reason string
		places []string
		text   string // the warning as it is, for a kind met once
	}
	var order []*group
	byReason := map[string]*group{}
	for _, w := range warns {
		var le *load.Error
		if !errors.As(w, &le) || (le.File == "" && le.Pointer == "") {
			order = append(order, &group{text: w.Error()})
			continue
		}
		key := le.Reason
		if le.Kind != "" {
			if all {
				order = append(order, &group{text: w.Error()})
				continue
			}
			key = le.Kind
		}
		g := byReason[key]
		if g == nil {
			g = &group{reason: key, text: le.Error()}
			byReason[key] = g
			order = append(order, g)
		}
		g.places = append(g.places, le.File+"#"+le.Pointer)
	}
	lines := make([]string, 0, len(order))
	for _, g := range order {
		if len(g.places) < 2 {
			lines = append(lines, g.text)
			continue
		}
		shown := g.places
		more := ""
		if !all && len(shown) > warningPlaces {
			shown = shown[:warningPlaces]
			more = fmt.Sprintf(" and %d more (-v lists them all)", len(g.places)-warningPlaces)
		}
		lines = append(lines, fmt.Sprintf("%s: %d places: %s%s", g.reason, len(g.places), strings.Join(shown, ", "), more))
	}
	return lines
}
