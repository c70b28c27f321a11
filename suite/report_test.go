package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

type counts struct{ groups, cases, passed, refused, failed int }

type reportOut struct {
	text                      string
	subsetGroups, subsetCases int
	pureGroups, pureCases     int
	subsetFailed              map[string]int // by language, known failures excepted
	knownFailed               map[string]int
	knownPassing              map[string][]string // known failures that pass
	refusedGroups             int
}

// report renders the per-file table, the totals, the refused groups and the failing cases.
func report(groups []*group, cases []caseRef, results []*langResult) reportOut {
	out := reportOut{subsetFailed: map[string]int{}, knownFailed: map[string]int{}, knownPassing: map[string][]string{}}
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
		if g.Refused != "" {
			out.refusedGroups++
		}
		key := fmt.Sprintf("%s#%d", g.File, g.Index)
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
				ok := v.ran && v.valid == g.Tests[ti].Valid && !strings.HasPrefix(v.detail, "crash")
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
				switch {
				case isKnown:
					out.knownFailed[r.name]++
				case g.Subset:
					out.subsetFailed[r.name]++
				}
				got := "not run"
				if v.ran {
					got = "valid"
					if !v.valid {
						got = "invalid (" + v.detail + ")"
					}
				}
				subsetMark := ""
				if g.Subset {
					subsetMark = " [subset]"
				}
				if isKnown {
					subsetMark += " [known failure]"
				}
				failures[r.name] = append(failures[r.name], fmt.Sprintf("  %s #%d %q / %q%s\n      data: %s\n      want valid=%v, got %s",
					g.File, g.Index, g.Description, g.Tests[ti].Description, subsetMark,
					short(string(g.Tests[ti].Data)), g.Tests[ti].Valid, got))
			}
			if isKnown && !groupFailed {
				out.knownPassing[r.name] = append(out.knownPassing[r.name], key)
			}
		}
	}
	var b strings.Builder
	b.WriteString("JSON Schema Test Suite, draft 2020-12 (top level): cases passed / refused / failed\n\n")
	fmt.Fprintf(&b, "%-30s %6s %6s", "file", "groups", "cases")
	for _, r := range results {
		fmt.Fprintf(&b, "  %-20s", r.name+" p/r/f")
	}
	b.WriteString("\n")
	row := func(name string, cs []*counts) {
		fmt.Fprintf(&b, "%-30s %6d %6d", name, cs[0].groups, cs[0].cases)
		for _, c := range cs {
			fmt.Fprintf(&b, "  %-20s", fmt.Sprintf("%d/%d/%d", c.passed, c.refused, c.failed))
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
	row("subset (* files)", subset)
	row("subset, subset keywords", pureC)
	b.WriteString("\n* = the code-generator subset (suite README); \"subset keywords\" = its groups that use\n" +
		"only the subset's keywords and local $refs.\n")

	var refused []string
	for _, g := range groups {
		if g.Refused == "" {
			continue
		}
		mark := ""
		if g.Subset {
			mark = " [subset]"
		}
		refused = append(refused, fmt.Sprintf("  %s #%d %q (%d cases)%s: %s", g.File, g.Index, g.Description, len(g.Tests), mark, reasonOf(g)))
	}
	fmt.Fprintf(&b, "\nRefused groups (%d):\n%s\n", len(refused), strings.Join(refused, "\n"))
	for _, r := range results {
		if r.problem != "" {
			fmt.Fprintf(&b, "\n%s: %s\n", r.name, r.problem)
		}
	}
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
		fmt.Fprintf(&b, "\n%s: failing cases (%d):\n", r.name, len(list))
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

func reasonOf(g *group) string {
	if g.Keyword != "" {
		return "unsupported keyword " + g.Keyword + " — " + g.Refused
	}
	return g.Refused
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
