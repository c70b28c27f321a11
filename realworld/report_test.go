package realworld

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/internal/genrun"
)

type reportOut struct {
	text         string
	generated    int
	bugs         int
	disagree     map[string]int // by language: documents judged otherwise than the oracle
	errorsDiffer int
	crossDiffer  int // documents the oracle cannot judge that Go and TypeScript judge apart
	typed        ir.Share
	tsUnknown    int            // declarations unknown in TypeScript that Go types
	undeclared   int            // declarations of the IR one language does not write
	unwarned     int            // degraded items without a warning
	arbFailed    map[string]int // by language: types whose values do not parse or write back
	known        map[string]int // problems by the known bug that explains them
}

// report renders the per-schema table and the totals.
func report(results []*result) reportOut {
	out := reportOut{disagree: map[string]int{}, arbFailed: map[string]int{}, known: map[string]int{}}
	var b, problems, degraded, noValue, known strings.Builder
	fmt.Fprintf(&b, "%-44s %-13s %-9s %5s %10s %10s %10s %10s %6s %4s %9s %9s  %s\n", "schema", "draft", "outcome", "docs", "Go ParseT", "Go verdict", "TS parseT", "TS verdict", "typed", "unk", "Go arb", "TS arb", "note")
	reasons := map[string]int{}
	refusedN := 0
	var docs, judged, unjudgedRefused, unjudgedOracle, unjudgedRoot, folderDocs int
	var cross, crossAgree, crossFolder int
	agree := map[string]int{}
	var folderDisagree []string
	var compared int
	arbTypes, arbValues, arbNone, arbKnown := map[string]int{}, map[string]int{}, map[string]int{}, map[string]int{}
	drafts := map[string]int{}
	for _, r := range results {
		drafts[r.Draft]++
		docs += len(r.docs)
		note := ""
		goCol, goValCol, tsCol, tsValCol, typedCol, unkCol, goArbCol, tsArbCol := "-", "-", "-", "-", "-", "-", "-", "-"
		switch r.outcome {
		case refused:
			refusedN++
			for _, c := range r.reasons {
				reasons[c]++
			}
			note = strings.Join(r.reasons, "; ")
			unjudgedRefused += len(r.docs)
		case bug:
			out.bugs++
			note = "BUG: " + oneLine(r.detail)
			fmt.Fprintf(&problems, "  %s: bug: %s\n", r.Name, strings.ReplaceAll(r.detail, "\n", "\n      "))
		case generated:
			out.generated++
			ty := r.typed
			out.typed = out.typed.Add(ty.Share)
			if ty.Share.Items > 0 {
				typedCol = fmt.Sprintf("%.1f%%", ty.Share.Percent())
			}
			compared += ty.Compared
			unkCol = fmt.Sprint(len(ty.TSUnknown))
			out.tsUnknown += len(ty.TSUnknown)
			out.undeclared += len(ty.Undeclared)
			out.unwarned += len(ty.Unwarned)
			for _, d := range ty.Degraded {
				fmt.Fprintf(&degraded, "  %s: %s\n", r.Name, d)
			}
			for _, u := range ty.TSUnknown {
				fmt.Fprintf(&problems, "  %s: %s is unknown in TypeScript, typed in Go\n", r.Name, u)
			}
			for _, u := range ty.Undeclared {
				fmt.Fprintf(&problems, "  %s: %s is not declared in the generated code\n", r.Name, u)
			}
			for _, u := range ty.Unwarned {
				fmt.Fprintf(&problems, "  %s: %s is any, and no warning says so\n", r.Name, u)
			}
			for _, la := range []struct {
				lang string
				vs   []genrun.Verdict
				col  *string
			}{{"Go", r.goArb, &goArbCol}, {"TypeScript", r.tsArb, &tsArbCol}} {
				if la.vs == nil {
					continue
				}
				ok := 0
				for ti, v := range la.vs {
					name := r.types[ti].Go
					if la.lang == "TypeScript" {
						name = r.types[ti].TS
					}
					arbTypes[la.lang]++
					switch {
					case v.Ran && v.Valid:
						ok++
						arbValues[la.lang]++
					case v.Ran && v.NoValue():
						arbNone[la.lang]++
						fmt.Fprintf(&noValue, "  %s: %s %s\n", r.Name, la.lang, name)
					default:
						line := fmt.Sprintf("  %s: %s arbitrary of %s: %s\n", r.Name, la.lang, name, verdictText(v))
						if k := knownBugOf(problem{schema: r.Name, lang: la.lang, typ: r.types[ti], detail: v.Detail}); k != nil {
							out.known[k.name]++
							arbKnown[la.lang]++
							fmt.Fprintf(&known, "  [%s] %s", k.name, line)
							break
						}
						out.arbFailed[la.lang]++
						problems.WriteString(line)
					}
				}
				*la.col = fmt.Sprintf("%d/%d", ok, len(la.vs))
			}
		}
		if r.outcome != refused {
			switch {
			case !r.oracleOK:
				unjudgedOracle += len(r.docs)
				if len(r.docs) > 0 {
					note = strings.TrimPrefix(note+"; ", "; ") + "the oracle refuses the schema: " + r.oracleErr
				}
			case r.root == nil && r.outcome == generated:
				unjudgedRoot += len(r.docs)
				note = strings.TrimPrefix(note+"; ", "; ") + "the file root gives no named type"
			}
		}
		langAgree := map[string]int{}
		langJudged := 0
		for i, d := range r.docs {
			o := -1
			if r.oracle != nil {
				o = r.oracle[i]
			}
			if o >= 0 {
				folderDocs++
				if (o == 1) != d.Valid {
					folderDisagree = append(folderDisagree, fmt.Sprintf("  %s/%s: the oracle finds it %s", r.Name, d.Path, validity(o == 1)))
				}
			}
			if o < 0 && !r.oracleOK && r.goV != nil && r.tsV != nil && r.goV[i].Ran && r.tsV[i].Ran {
				// The oracle cannot compile the schema (an ECMAScript pattern its RE2 engine
				// refuses): TypeScript's own RegExp judges the patterns instead.
				cross++
				g, ts := r.goV[i], r.tsV[i]
				if g.Valid == ts.Valid && !g.Crashed() && !ts.Crashed() {
					crossAgree++
					if g.Valid == d.Valid {
						crossFolder++
					}
				} else {
					out.crossDiffer++
					fmt.Fprintf(&problems, "  %s/%s: the oracle cannot judge it; Go finds it %s, TypeScript %s\n", r.Name, d.Path, verdictText(g), verdictText(ts))
				}
			}
			if o < 0 || r.goV == nil {
				continue
			}
			judged++
			langJudged++
			for _, lv := range entries(r) {
				if lv.vs == nil {
					continue
				}
				v := lv.vs[i]
				if v.Ran && !v.Crashed() && v.Valid == (o == 1) {
					langAgree[lv.lang]++
					agree[lv.lang]++
					continue
				}
				out.disagree[lv.lang]++
				fmt.Fprintf(&problems, "  %s/%s: %s finds it %s, the oracle %s\n", r.Name, d.Path, lv.lang, verdictText(v), validity(o == 1))
			}
			// The same entry point of the two languages: the typed parses, then the verdicts.
			for _, pair := range [][2][]genrun.Verdict{{r.goV, r.tsV}, {r.goVal, r.tsVal}} {
				if pair[0] == nil || pair[1] == nil {
					continue
				}
				g, ts := pair[0][i], pair[1][i]
				if g.Ran && ts.Ran && !g.Valid && !ts.Valid && !g.Crashed() && !ts.Crashed() && g.Detail != ts.Detail {
					out.errorsDiffer++
					fmt.Fprintf(&problems, "  %s/%s: Go and TypeScript refuse it with different errors:\n      Go: %s\n      TypeScript: %s\n", r.Name, d.Path, g.Detail, ts.Detail)
				}
			}
		}
		if r.outcome == generated && r.root != nil && r.oracleOK {
			for _, lv := range entries(r) {
				if lv.vs == nil {
					continue
				}
				col := map[string]*string{entryGo: &goCol, entryGoVerdict: &goValCol, entryTS: &tsCol, entryTSVerdict: &tsValCol}[lv.lang]
				*col = fmt.Sprintf("%d/%d", langAgree[lv.lang], langJudged)
			}
		}
		fmt.Fprintf(&b, "%-44s %-13s %-9s %5d %10s %10s %10s %10s %6s %4s %9s %9s  %s\n", clip(r.Name, 44), r.Draft, outcomeName(r.outcome), len(r.docs), goCol, goValCol, tsCol, tsValCol, typedCol, unkCol, goArbCol, tsArbCol, note)
	}
	n := len(results)
	pct := func(k int) string {
		if n == 0 {
			return "0%"
		}
		return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(n))
	}
	var draftList []string
	for d, k := range drafts {
		draftList = append(draftList, fmt.Sprintf("%s %d", d, k))
	}
	sort.Strings(draftList)
	fmt.Fprintf(&b, "\nTotals over %d schemas (%s) and %d documents:\n", n, strings.Join(draftList, ", "), docs)
	fmt.Fprintf(&b, "  generated and compiled (go vet, tsc --strict): %d (%s)\n", out.generated, pct(out.generated))
	fmt.Fprintf(&b, "  refused: %d (%s), by reason (a schema may have several):\n", refusedN, pct(refusedN))
	var rs []string
	for c := range reasons {
		rs = append(rs, c)
	}
	sort.Slice(rs, func(i, j int) bool {
		if reasons[rs[i]] != reasons[rs[j]] {
			return reasons[rs[i]] > reasons[rs[j]]
		}
		return rs[i] < rs[j]
	})
	for _, c := range rs {
		fmt.Fprintf(&b, "    %4d  %s\n", reasons[c], c)
	}
	fmt.Fprintf(&b, "  bugs (crash, timeout, output that does not compile): %d\n", out.bugs)
	fmt.Fprintf(&b, "  documents judged by the oracle and parsed (format asserted in draft-04, -06 and -07, an annotation in 2019-09 and 2020-12, in skillgen and the oracle alike): %d; not judged: %d of refused schemas, %d the oracle cannot compile the schema of, %d without a root type\n",
		judged, unjudgedRefused, unjudgedOracle, unjudgedRoot)
	for _, lang := range []string{entryGo, entryGoVerdict, entryTS, entryTSVerdict} {
		fmt.Fprintf(&b, "    %-20s agrees with the oracle on %d of %d (%d disagree)\n", lang, agree[lang], judged, out.disagree[lang])
	}
	fmt.Fprintf(&b, "    Go and TypeScript refuse with different [pointer, keyword, message] lists: %d\n", out.errorsDiffer)
	fmt.Fprintf(&b, "  documents of schemas the oracle cannot compile (ECMAScript patterns), judged by TypeScript's RegExp: Go agrees on %d of %d (%d disagree); %d as the folders say\n",
		crossAgree, cross, out.crossDiffer, crossFolder)
	fmt.Fprintf(&b, "  the oracle and the Schema Store's folders (valid/, invalid/) disagree on %d of %d documents (docs/corpus.md explains them)\n", len(folderDisagree), folderDocs)
	ty := out.typed
	fmt.Fprintf(&b, "  typed share of the generated Go (named types, struct fields and tuple positions that are not any): %d of %d (%.1f%%); any: %d where the schema allows any value, %d degraded (listed below)\n",
		ty.Typed, ty.Items, ty.Percent(), ty.Open, ty.Degraded)
	fmt.Fprintf(&b, "  TypeScript unknown where Go has a type: %d of %d declarations compared\n", out.tsUnknown, compared)
	for _, lang := range []string{"Go", "TypeScript"} {
		fmt.Fprintf(&b, "  %-10s arbitraries: %d named types; %d give values that parse and write back the same (%d each), %d give no value (listed below), %d fail (%d of them known bugs)\n",
			lang, arbTypes[lang], arbValues[lang], genrun.ArbitraryDraws, arbNone[lang], out.arbFailed[lang]+arbKnown[lang], arbKnown[lang])
	}
	if known.Len() > 0 {
		fmt.Fprintf(&b, "\nKnown bugs (realworld/known_test.go):\n")
		for _, k := range knownBugs {
			if out.known[k.name] > 0 {
				fmt.Fprintf(&b, "  %s (%d): %s\n", k.name, out.known[k.name], k.cause)
			}
		}
		b.WriteString(known.String())
	}
	if degraded.Len() > 0 {
		fmt.Fprintf(&b, "\nDegraded (any where the schema constrains the value):\n%s", degraded.String())
	}
	if noValue.Len() > 0 {
		fmt.Fprintf(&b, "\nTypes whose arbitraries find no value:\n%s", noValue.String())
	}
	if len(folderDisagree) > 0 {
		fmt.Fprintf(&b, "\nThe oracle and the folders disagree on:\n%s\n", strings.Join(folderDisagree, "\n"))
	}
	if problems.Len() > 0 {
		fmt.Fprintf(&b, "\nProblems:\n%s", problems.String())
	}
	out.text = b.String()
	return out
}

// The entry points every document goes through, by the name the report gives them: the typed
// parse of the root type (ParseT, parseT) and the schema's verdict (Validate(typeName, data),
// validateT), in Go and in TypeScript. Each must agree with the oracle.
const (
	entryGo        = "Go ParseT"
	entryGoVerdict = "Go Validate"
	entryTS        = "TypeScript parseT"
	entryTSVerdict = "TypeScript validateT"
)

type entryVerdicts struct {
	lang string
	vs   []genrun.Verdict
}

// entries lists a schema's verdicts per entry point (nil where it did not run).
func entries(r *result) []entryVerdicts {
	return []entryVerdicts{{entryGo, r.goV}, {entryGoVerdict, r.goVal}, {entryTS, r.tsV}, {entryTSVerdict, r.tsVal}}
}

func verdictText(v genrun.Verdict) string {
	switch {
	case !v.Ran:
		return "not run"
	case v.Valid:
		return "valid"
	}
	return "invalid " + v.Detail
}

func validity(valid bool) string {
	if valid {
		return "valid"
	}
	return "invalid"
}

func outcomeName(o outcome) string {
	switch o {
	case generated:
		return "generated"
	case refused:
		return "refused"
	}
	return "BUG"
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
