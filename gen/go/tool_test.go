package skill_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	skill "github.com/skillgen/skillgen/gen/go"
)

// TestGetSessionFindingsTool checks the emitted tool descriptor: the constant and the JSON file
// agree, and its input schema accepts what ParseGetSessionFindingsParams accepts.
func TestGetSessionFindingsTool(t *testing.T) {
	file, err := os.ReadFile("get_session_findings.tool.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != skill.GetSessionFindingsToolJSON {
		t.Fatal("get_session_findings.tool.json and GetSessionFindingsToolJSON differ")
	}
	var tool struct {
		Name        string         `json:"name"`
		Description string         `json:"description"`
		InputSchema map[string]any `json:"inputSchema"`
	}
	if err := json.Unmarshal(file, &tool); err != nil {
		t.Fatal(err)
	}
	if tool.Name != "get_session_findings" || !strings.Contains(tool.Description, "capped_kinds") {
		t.Fatalf("descriptor: %q %q", tool.Name, tool.Description)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(mustJSON(t, tool.InputSchema))))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("tool.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("tool.json")
	if err != nil {
		t.Fatalf("input schema does not compile: %v", err)
	}
	for _, params := range []string{`{}`, `{"per_kind_limit": 0}`, `{"per_kind_limit": 10000, "include_summary": false, "session_key": "s"}`,
		`{"per_kind_limit": -1}`, `{"per_kind_limit": 10001}`, `{"per_kind_limt": 5}`, `{"session_key": ""}`, `{"include_summary": "no"}`, `[]`} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(params))
		if err != nil {
			t.Fatal(err)
		}
		schemaOK := sch.Validate(v) == nil
		_, perr := skill.ParseGetSessionFindingsParams([]byte(params))
		if schemaOK != (perr == nil) {
			t.Errorf("%s: tool schema says %v, generated parser says %v", params, schemaOK, perr)
		}
	}
}
