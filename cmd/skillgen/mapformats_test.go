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
