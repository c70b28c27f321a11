// Command peakmem measures the peak memory of checking a 50 MB document, as a multiple of
// the document's size, and prints a markdown section for BENCHMARKS.md:
//
//	peakmem -skillcheck PATH [-size BYTES] [-dir DIR]
//
// Two documents of the canonical schema, each written into DIR: a skill index of many entries
// and a skill descriptor whose bulk is an unknown member (a descriptor allows them and keeps
// them). For each, two processes are measured from start to exit (peak RSS, read by wait4):
// `skillcheck -type T FILE`, and this program itself running ParseT on the file (`peakmem
// parse T FILE`). Peak RSS includes the document's own bytes, read whole, and the Go runtime
// (a few MiB).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	skill "github.com/skillgen/skillgen/gen/go"

	"github.com/skillgen/skillgen/bench/internal/measure"
)

// target is the peak memory the hostile-input work asks for, as a multiple of the document.
const target = 5

func main() {
	if len(os.Args) == 4 && os.Args[1] == "parse" {
		os.Exit(parse(os.Args[2], os.Args[3]))
	}
	skillcheck := flag.String("skillcheck", "", "the skillcheck binary")
	size := flag.Int("size", 50_000_000, "size of each document in bytes")
	dir := flag.String("dir", os.TempDir(), "folder for the documents")
	flag.Parse()
	if *skillcheck == "" {
		fmt.Fprintln(os.Stderr, "usage: peakmem -skillcheck PATH [-size BYTES] [-dir DIR]")
		os.Exit(2)
	}
	if err := run(*skillcheck, *size, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "peakmem:", err)
		os.Exit(1)
	}
}

// parse is the child process: ParseT on the file, exit 0 when the document is valid.
func parse(typ, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var perr error
	switch typ {
	case "SkillIndex":
		_, perr = skill.ParseSkillIndex(data)
	case "SkillDescriptor":
		_, perr = skill.ParseSkillDescriptor(data)
	default:
		fmt.Fprintln(os.Stderr, "unknown type", typ)
		return 2
	}
	if perr != nil {
		fmt.Fprintf(os.Stderr, "%.300v\n", perr)
		return 1
	}
	return 0
}

type document struct {
	typ, what string
	build     func(size int) string
}

func documents() []document {
	return []document{
		{"SkillIndex", "skill index of %d entries", func(size int) string {
			var b strings.Builder
			b.WriteString(`{"protocol":{"version":"1.0.0"},"provider":{"name":"Big","url":"https://big.example/"},"skills":[`)
			for i := 0; b.Len() < size; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"id":"example.big.skill-%d","name":"Skill %d","version":"1.%d.0","capability_type":"api","access":"public",`+
					`"description":"Skill number %d of a very large index.","descriptor_url":"/.well-known/skills/example.big.skill-%d.json"}`, i, i, i%100, i, i)
			}
			b.WriteString(`]}`)
			return b.String()
		}},
		{"SkillDescriptor", "skill descriptor with an unknown member of %d records", func(size int) string {
			var b strings.Builder
			b.WriteString(`{"protocol":{"version":"1.0.0"},"id":"example.big","name":"Big","version":"1.0.0","capability_type":"api",` +
				`"access":"public","description":"A descriptor that carries a large unknown member.","provider":{"name":"Big","url":"https://big.example"},` +
				`"endpoint":{"url":"https://big.example/run","method":"POST"},"inputs":[],"output":{"type":"object"},"auth":{"type":"none"},` +
				`"x-records":[`)
			for i := 0; b.Len() < size; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `{"n":%d,"name":"record %d","tags":["a","b","c"],"ok":true,"score":%d.5}`, i, i, i%1000)
			}
			b.WriteString(`]}`)
			return b.String()
		}},
	}
}

func run(skillcheck string, size int, dir string) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	var rows []string
	worst := 0.0
	for _, d := range documents() {
		text := d.build(size)
		path := filepath.Join(dir, "peakmem-"+d.typ+".json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
		count := strings.Count(text, `"n":`)
		if d.typ == "SkillIndex" {
			count = strings.Count(text, `"id":`)
		}
		cells := []string{fmt.Sprintf(d.what, count), fmt.Sprintf("%.1f MB", float64(len(text))/1e6)}
		for _, argv := range [][]string{{skillcheck, "-type", d.typ, path}, {self, "parse", d.typ, path}} {
			res, err := measure.Run(context.Background(), dir, argv, nil, 5*time.Minute)
			if err != nil {
				return err
			}
			if !res.OK() {
				return fmt.Errorf("%s: %s: %s", strings.Join(argv, " "), res.Failure(), res.Stderr)
			}
			ratio := float64(res.MaxRSS) / float64(len(text))
			worst = max(worst, ratio)
			cells = append(cells, measure.MiB(res.MaxRSS), fmt.Sprintf("%.1f×", ratio), fmt.Sprintf("%.2f s", res.Wall.Seconds()))
			fmt.Fprintf(os.Stderr, "peakmem: %s %s: %s, %.1f× the document, %v\n", filepath.Base(argv[0]), d.typ, measure.MiB(res.MaxRSS), ratio, res.Wall)
		}
		rows = append(rows, "| "+strings.Join(cells, " | ")+" |")
		os.Remove(path)
	}
	verdict := "met"
	if worst > target {
		verdict = "**not met**"
	}
	fmt.Printf(`## Memory: 50 MB documents

Peak RSS of a whole process, from start to exit (wait4), as a multiple of the document's
size: `+"`skillcheck -type T FILE`"+`, and a process that reads the file and runs the generated
`+"`ParseT`"+` on it (`+"`bench/cmd/peakmem`"+`). Both documents are valid. The figure includes the
document itself, read whole, and the Go runtime. docs/performance.md says what the peak is made of.

| document | size | skillcheck peak RSS | × size | time | ParseT peak RSS | × size | time |
|---|--:|--:|--:|--:|--:|--:|--:|
%s

Target: at most %d× the document's size. Highest: %.1f×: %s.
`, strings.Join(rows, "\n"), target, worst, verdict)
	return nil
}
