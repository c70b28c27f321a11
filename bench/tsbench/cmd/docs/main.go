// Command docs writes the documents of the Go parse benchmark (bench/goparse.Docs) as JSON
// files into a folder, so that the TypeScript benchmark measures the same inputs:
//
//	go run ./tsbench/cmd/docs DIR   (from bench/)
//
// It writes DIR/NAME.json for each document and DIR/index.json, a list of
// {"name", "type", "file", "bytes"}.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/skillgen/skillgen/bench/goparse"
)

type entry struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	File  string `json:"file"`
	Bytes int    `json:"bytes"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: docs DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	var index []entry
	for _, d := range goparse.Docs() {
		file := d.Name + ".json"
		if err := os.WriteFile(filepath.Join(dir, file), d.Data, 0o644); err != nil {
			fail(err)
		}
		index = append(index, entry{d.Name, d.Type, file, len(d.Data)})
	}
	b, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.json"), append(b, '\n'), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "docs:", err)
	os.Exit(1)
}
