// Command genprof times the phases of skillgen's generator in one process (load and build
// the IR, emit Go, emit TypeScript) and can write a CPU or heap profile, to find where
// the time of `make bench`'s skillgen rows goes. It writes no files besides the profiles.
//
//	cd bench && go run ./cmd/genprof -schema /tmp/synth-2000.schema.json -cpuprofile /tmp/cpu.out
//	go tool pprof -top /tmp/cpu.out
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"time"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"
)

type irSchema = ir.Schema

func main() {
	schemaPath := flag.String("schema", "", "schema file or folder")
	cpu := flag.String("cpuprofile", "", "write a CPU profile here")
	mem := flag.String("memprofile", "", "write a heap profile (after the run) here")
	flag.Parse()
	log.SetFlags(0)
	if *cpu != "" {
		f, err := os.Create(*cpu)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	opts := generator.Options{SchemaPath: *schemaPath, GoPackage: "synth", GoImportPath: "example.com/synth",
		TSPackage: "synth", AllowUnsupported: true, Warn: func(error) {}}
	phase := func(name string, f func() (int, error)) {
		t := time.Now()
		n, err := f()
		if err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		fmt.Printf("%-10s %8.3f s  %6d files/bytes  heap in use %5.0f MiB, total allocated %6.0f MiB\n",
			name, time.Since(t).Seconds(), n, float64(ms.HeapInuse)/(1<<20), float64(ms.TotalAlloc)/(1<<20))
	}
	start := time.Now()
	var sch *irSchema
	phase("build", func() (int, error) {
		var err error
		sch, err = generator.Build(opts)
		return 0, err
	})
	for _, lang := range []string{"go", "ts"} {
		o := opts
		if lang == "go" {
			o.GoOut = "go"
		} else {
			o.TSOut = "ts"
		}
		phase("emit "+lang, func() (int, error) {
			outs, err := generator.Emit(sch, o)
			n := 0
			for _, f := range outs {
				n += len(f.Data)
			}
			return n, err
		})
	}
	fmt.Printf("total      %8.3f s \n", time.Since(start).Seconds())
	if *mem != "" {
		f, err := os.Create(*mem)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		if err := pprof.WriteHeapProfile(f); err != nil {
			log.Fatal(err)
		}
	}
}
