package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMapFormatsFlag: -map-formats date-time holds the schema's date-times in time.Time; a
// format the standard library has no type for is a usage error (exit 2) saying why, before
// any work.
func TestMapFormatsFlag(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.json"), `{"title": "Event", "type": "object", "required": ["at"], "properties": {"at": {"type": "string", "format": "date-time"}}}`)
	code, _, stderr := runCLI(t, dir, "-schema", "s.json", "-go-out", "out", "-go-import", "", "-ts-out", "", "-map-formats", "date-time")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, stderr)
	}
	types, err := os.ReadFile(filepath.Join(dir, "out", "types.go"))
	if err != nil || !strings.Contains(string(types), "At time.Time `json:\"at\"`") {
		t.Errorf("types.go (%v):\n%s", err, types)
	}
	code, _, stderr = runCLI(t, dir, "-schema", "s.json", "-go-out", "out2", "-ts-out", "", "-map-formats", "date-time,duration")
	if code != 2 || !strings.Contains(stderr, `format "duration" cannot be mapped: time.Duration cannot hold ISO 8601 durations`) {
		t.Errorf("-map-formats duration: code %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "out2")); !os.IsNotExist(err) {
		t.Errorf("a usage error wrote output: %v", err)
	}
}

// TestMapFormatsConfig: map-formats in the configuration file does what -map-formats does; a
// flag given on the command line wins; a format that cannot be mapped is a mistake of the file
// naming its line and pointer (exit 2, nothing written).
func TestMapFormatsConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.json"), `{"title": "Event", "type": "object", "required": ["at"], "properties": {"at": {"type": "string", "format": "date-time"}}}`)
	config := func(formats string) {
		writeFile(t, filepath.Join(dir, "skillgen.yaml"), "schema: s.json\ngo:\n  out: out\nmap-formats: "+formats+"\n")
	}
	field := func() string {
		types, err := os.ReadFile(filepath.Join(dir, "out", "types.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(types), "\n") {
			if strings.Contains(line, "`json:\"at\"`") {
				return strings.Join(strings.Fields(line), " ")
			}
		}
		t.Fatalf("no field at in:\n%s", types)
		return ""
	}
	for _, formats := range []string{"[date-time]", "all"} {
		config(formats)
		if code, _, stderr := runCLI(t, dir); code != 0 {
			t.Fatalf("map-formats: %s: code %d, stderr %q", formats, code, stderr)
		}
		if got := field(); got != "At time.Time `json:\"at\"`" {
			t.Errorf("map-formats: %s: field %q", formats, got)
		}
	}
	// The flag wins over the file.
	if code, _, stderr := runCLI(t, dir, "-map-formats", ""); code != 0 {
		t.Fatalf("-map-formats \"\": code %d, stderr %q", code, stderr)
	}
	if got := field(); got != "At string `json:\"at\"`" {
		t.Errorf("-map-formats \"\" over the file: field %q", got)
	}
	config("[date-time, uuid]")
	code, _, stderr := runCLI(t, dir)
	if code != 2 || !strings.Contains(stderr, `skillgen.yaml:4: #/map-formats/1: "uuid": format "uuid" cannot be mapped`) {
		t.Errorf("map-formats uuid: code %d, stderr %q", code, stderr)
	}
}
