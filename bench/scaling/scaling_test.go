//go:build scaling

// The scaling benchmark of the generated Go: bench/run.sh generates the package of
// schema.json into this folder (package scaling, files with skillgen's header, ignored by git),
// writes the documents with bench/cmd/scaling into $SCALING_DOCS, and runs
//
//	go test -tags scaling -run '^$' -bench Scaling ./scaling/
package scaling

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

type doc struct {
	Family string `json:"family"`
	N      int    `json:"n"`
	File   string `json:"file"`
	Errors int    `json:"errors"`
}

func BenchmarkScaling(b *testing.B) {
	dir := os.Getenv("SCALING_DOCS")
	if dir == "" {
		b.Skip("SCALING_DOCS is not set (bench/run.sh sets it)")
	}
	data, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		b.Fatal(err)
	}
	var docs []doc
	if err := json.Unmarshal(data, &docs); err != nil {
		b.Fatal(err)
	}
	for _, d := range docs {
		text, err := os.ReadFile(filepath.Join(dir, d.File))
		if err != nil {
			b.Fatal(err)
		}
		if err := check(d, text); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%s/n=%d", d.Family, d.N), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			start := cpuTime()
			for b.Loop() {
				_, _ = Parse(d.Family, text)
			}
			// The process's CPU time (garbage collection included) is the figure of the
			// table: unlike wall time, other work on a shared machine barely moves it.
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
		// The floor of the platform: encoding/json decoding the same document into any,
		// validating nothing. Where its ratio is above 10 too, the excess is the memory
		// system's (allocation, collection, caches), not the generated code's.
		b.Run(fmt.Sprintf("%s/n=%d/encoding-json", d.Family, d.N), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			start := cpuTime()
			for b.Loop() {
				var v any
				if err := json.Unmarshal(text, &v); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// check: the generated Parse accepts a valid document and reports exactly the errors of an
// invalid one, so that the benchmark times the work it claims to.
func check(d doc, text []byte) error {
	_, err := Parse(d.Family, text)
	var verrs ValidationErrors
	switch {
	case d.Errors == 0 && err != nil:
		return fmt.Errorf("%s: Parse refuses a valid document: %.300v", d.File, err)
	case d.Errors > 0 && !errors.As(err, &verrs):
		return fmt.Errorf("%s: Parse gives %v, want %d validation errors", d.File, err, d.Errors)
	case d.Errors > 0 && len(verrs) != d.Errors:
		return fmt.Errorf("%s: %d errors, want %d: %.300v", d.File, len(verrs), d.Errors, err)
	}
	return nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
