package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator/normalize"
)

type counts struct{ groups, cases, passed, refused, failed int }

type reportOut struct {
	draft                     normalize.Draft
	text                      string
	groups, cases             int
	total                     []*counts // by language, in results' order
	subsetGroups, subsetCases int
	pureGroups, pureCases     int
	failed                    map[string]int // by language, known failures excepted
	knownFailed               map[string]int
	knownPassing              map[string][]string // known failures that pass
	refusedGroups             int
}

// report renders one draft's per-file table, the totals, the refused groups and the failing
// cases.
func report(d normalize.Draft, groups []*group, cases []caseRef, results []*langResult) reportOut {
	out := reportOut{draft: d, failed: map[string]int{}, knownFailed: map[string]int{}, knownPassing: map[string][]string{}}
	verdictOf := map[*group][]int{} // case indexes in cases, per group
	for i, c := range cases {
		verdictOf[c.g] = append(verdictOf[c.g], i)
	}
	var files []string
	perFile := map[string][]*counts{} // per language
	newCounts := func() []*counts {
		cs := make([]*counts, len(results))
		for i := range cs {
			cs[i] = &counts{}
		}
		return cs
	}
	total, subset, pureC := newCounts(), newCounts(), newCounts()
	failures := map[string][]string{}
	for _, g := range groups {
		if perFile[g.File] == nil {
			perFile[g.File] = newCounts()
			files = append(files, g.File)
		}
		if g.Subset {
			out.subsetGroups++
			out.subsetCases += len(g.Tests)
			if g.Pure {
				out.pureGroups++
				out.pureCases += len(g.Tests)
			}
		}
		out.groups++
		out.cases += len(g.Tests)
		if g.Refused != "" {
			out.refusedGroups++
		}
		key := fmt.Sprintf("%s/%s#%d", g.Draft.Folder(), g.File, g.Index)
		for li, r := range results {
			_, isKnown := knownFailures[r.name][key]
			groupFailed := false
			targets := []*counts{perFile[g.File][li], total[li]}
			if g.Subset {
				targets = append(targets, subset[li])
				if g.Pure {
					targets = append(targets, pureC[li])
				}
			}
			for _, c := range targets {
				c.groups++
				c.cases += len(g.Tests)
			}
			if g.Refused != "" {
				for _, c := range targets {
					c.refused += len(g.Tests)
				}
				continue
			}
			for ti, ci := range verdictOf[g] {
				v := r.verdicts[ci]
				ok := v.Ran && v.Valid == g.Tests[ti].Valid && !v.Crashed()
				for _, c := range targets {
					if ok {
						c.passed++
					} else {
						c.failed++
					}
				}
				if ok {
					continue
				}
				groupFailed = true
				if isKnown {
					out.knownFailed[r.name]++
				} else {
					out.failed[r.name]++
				}
				got := "not run"
				if v.Ran {
					got = "valid"
					if !v.Valid {
						got = "invalid (" + v.Detail + ")"
					}
				}
				subsetMark := ""
				if g.Subset {
					subsetMark = " [subset]"
				}
				if isKnown {
					subsetMark += " [known failure]"
				}
				failures[r.name] = append(failures[r.name], fmt.Sprintf("  %s/%s #%d %q / %q%s\n      data: %s\n      want valid=%v, got %s",
					g.Draft.Folder(), g.File, g.Index, g.Description, g.Tests[ti].Description, subsetMark,
					short(string(g.Tests[ti].Data)), g.Tests[ti].Valid, got))
			}
			if isKnown && !groupFailed {
				out.knownPassing[r.name] = append(out.knownPassing[r.name], key)
			}
		}
	}
	out.total = total
	var b strings.Builder
	format := len(groups) > 0 && groups[0].Format
	part := d.Folder() + "/, top level, format " + map[bool]string{true: "asserted (the default of this draft)", false: "an annotation (the default of this draft)"}[d <= normalize.Draft7]
	if format {
		part = d.Folder() + "/" + formatDir + "/, with -assert-format"
		if d <= normalize.Draft7 {
			part = d.Folder() + "/" + formatDir + "/, format asserted by default"
		}
	}
	fmt.Fprintf(&b, "JSON Schema Test Suite, %s (%s): cases passed / refused / failed\n\n", d, part)
	fmt.Fprintf(&b, "%-30s %6s %6s", "file", "groups", "cases")
	for _, r := range results {
		fmt.Fprintf(&b, "  %-23s", r.name+" p/r/f")
	}
	b.WriteString("\n")
	row := func(name string, cs []*counts) {
		fmt.Fprintf(&b, "%-30s %6d %6d", name, cs[0].groups, cs[0].cases)
		for _, c := range cs {
			fmt.Fprintf(&b, "  %-23s", fmt.Sprintf("%d/%d/%d", c.passed, c.refused, c.failed))
		}
		b.WriteString("\n")
	}
	sort.Strings(files)
	for _, f := range files {
		name := f
		if subsetFiles[f] {
			name = "*" + f
		}
		row(name, perFile[f])
	}
	b.WriteString("\n")
	row("total", total)
	if d == normalize.Draft2020 && !format {
		row("subset (* files)", subset)
		row("subset, subset keywords", pureC)
		b.WriteString("\n* = the code-generator subset (suite README); \"subset keywords\" = its groups that use\n" +
			"only the subset's keywords and local $refs.\n")
	}

	var refused []string
	for _, g := range groups {
		if g.Refused == "" {
			continue
		}
		mark := ""
		if g.Subset {
			mark = " [subset]"
		}
		refused = append(refused, fmt.Sprintf("  %s #%d %q (%d cases)%s: %s", g.File, g.Index, g.Description, len(g.Tests), mark, g.Refused))
	}
	fmt.Fprintf(&b, "\nRefused groups (%d):\n%s\n", len(refused), strings.Join(refused, "\n"))
	for _, r := range results {
		var keys []string
		for k := range knownFailures[r.name] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "\n%s: known failure %s: %s\n", r.name, k, knownFailures[r.name][k])
		}
	}
	for _, r := range results {
		list := failures[r.name]
		fmt.Fprintf(&b, "\n%s, %s: failing cases (%d):\n", d, r.name, len(list))
		const max = 60
		if len(list) > max {
			list = append(list[:max:max], fmt.Sprintf("  ... and %d more", len(failures[r.name])-max))
		}
		if len(list) > 0 {
			b.WriteString(strings.Join(list, "\n") + "\n")
		}
	}
	out.text = b.String()
	return out
}

// summary renders the table of every draft's totals (of the part of the suite title names),
// and the problems of each language.
func summary(title string, reps []reportOut, results []*langResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "JSON Schema Test Suite, %s: cases passed / refused / failed\n\n", title)
	fmt.Fprintf(&b, "%-16s %6s %6s", "draft", "groups", "cases")
	for _, r := range results {
		fmt.Fprintf(&b, "  %-23s", r.name+" p/r/f")
	}
	b.WriteString("\n")
	sum := make([]counts, len(results))
	groups, cases := 0, 0
	for _, rep := range reps {
		fmt.Fprintf(&b, "%-16s %6d %6d", rep.draft, rep.groups, rep.cases)
		for i, c := range rep.total {
			fmt.Fprintf(&b, "  %-23s", fmt.Sprintf("%d/%d/%d", c.passed, c.refused, c.failed))
			sum[i].passed += c.passed
			sum[i].refused += c.refused
			sum[i].failed += c.failed
		}
		groups += rep.groups
		cases += rep.cases
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%-16s %6d %6d", "all", groups, cases)
	for _, c := range sum {
		fmt.Fprintf(&b, "  %-23s", fmt.Sprintf("%d/%d/%d", c.passed, c.refused, c.failed))
	}
	b.WriteString("\n")
	for _, r := range results {
		if r.problem != "" {
			fmt.Fprintf(&b, "\n%s: %s\n", r.name, r.problem)
		}
	}
	return b.String()
}

func short(s string) string {
	var b bytes.Buffer
	if json.Compact(&b, []byte(s)) == nil {
		s = b.String()
	}
	if len(s) > 160 {
		return s[:160] + "..."
	}
	return s
}
