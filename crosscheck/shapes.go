package crosscheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"strings"
	"testing/fstest"

	"github.com/skillgen/skillgen/crosscheck/shapes/go/arbitrary"

	shapes "github.com/skillgen/skillgen/crosscheck/shapes/go"
)

// The shapes schema (shapes/schema) holds every shape of real-world schemas that has a Go and
// TypeScript type of its own; its generated packages are shapes/go and shapes/ts. Property 11
// runs on it as on the canonical schema, in both directions and both languages.
const (
	ShapesIDBase    = "https://skillgen.dev/shapes/"
	ShapesSchemaDir = "shapes/schema"
	ShapesGoOut     = "shapes/go"
	ShapesTSOut     = "shapes/ts"
	ShapesImport    = "github.com/skillgen/skillgen/crosscheck/shapes/go"
	// ShapesContract is the schema the generated types follow (written by the tests, see
	// shapesContractDocs in shapes_test.go).
	ShapesContract = "shapes/contract.json"
)

// Shapes is the package generated from the shapes schema.
var Shapes = &Generated{TypeNames: shapes.TypeNames, Validate: ValidateWith[shapes.ValidationErrors](shapes.Parse), Arbitrary: map[string]func(int) any{
	"Shapes":              Example(arbitrary.Shapes()),
	"ShapesHome":          Example(arbitrary.ShapesHome()),
	"ShapesSize":          Example(arbitrary.ShapesSize()),
	"ShapesRatio":         Example(arbitrary.ShapesRatio()),
	"ShapesOp":            Example(arbitrary.ShapesOp()),
	"ShapesID":            Example(arbitrary.ShapesID()),
	"ShapesWhen":          Example(arbitrary.ShapesWhen()),
	"ShapesPoint":         Example(arbitrary.ShapesPoint()),
	"ShapesPair":          Example(arbitrary.ShapesPair()),
	"ShapesCommand":       Example(arbitrary.ShapesCommand()),
	"Pet":                 Example(arbitrary.Pet()),
	"Address":             Example(arbitrary.Address()),
	"Dog":                 Example(arbitrary.Dog()),
	"LonePet":             Example(arbitrary.LonePet()),
	"Level":               Example(arbitrary.Level()),
	"MaybeWorkspace":      Example(arbitrary.MaybeWorkspace()),
	"WorkspaceRef":        Example(arbitrary.WorkspaceRef()),
	"Range":               Example(arbitrary.Range()),
	"User":                Example(arbitrary.User()),
	"Animal":              Example(arbitrary.Animal()),
	"AnimalCat":           Example(arbitrary.AnimalCat()),
	"AnimalBird":          Example(arbitrary.AnimalBird()),
	"Item":                Example(arbitrary.Item()),
	"ItemBook":            Example(arbitrary.ItemBook()),
	"ItemDisc":            Example(arbitrary.ItemDisc()),
	"Shape":               Example(arbitrary.Shape()),
	"ShapeCircle":         Example(arbitrary.ShapeCircle()),
	"ShapeSquare":         Example(arbitrary.ShapeSquare()),
	"MaybeName":           Example(arbitrary.MaybeName()),
	"List":                Example(arbitrary.List()),
	"Kennel":              Example(arbitrary.Kennel()),
	"SourceFile":          Example(arbitrary.SourceFile()),
	"MaybePet":            Example(arbitrary.MaybePet()),
	"RunsOn":              Example(arbitrary.RunsOn()),
	"RunsOnArray":         Example(arbitrary.RunsOnArray()),
	"Permission":          Example(arbitrary.Permission()),
	"PermissionString":    Example(arbitrary.PermissionString()),
	"PermissionNumber":    Example(arbitrary.PermissionNumber()),
	"Hash":                Example(arbitrary.Hash()),
	"HashObject":          Example(arbitrary.HashObject()),
	"HashObject2":         Example(arbitrary.HashObject2()),
	"HashObjectAlg":       Example(arbitrary.HashObjectAlg()),
	"Resource":            Example(arbitrary.Resource()),
	"ResourceValue":       Example(arbitrary.ResourceValue()),
	"ResourceValue2":      Example(arbitrary.ResourceValue2()),
	"ResourceValue3":      Example(arbitrary.ResourceValue3()),
	"ResourceValue3Water": Example(arbitrary.ResourceValue3Water()),
	"ResourceValue4":      Example(arbitrary.ResourceValue4()),
	"Ticket":              Example(arbitrary.Ticket()),
	"TicketStatus":        Example(arbitrary.TicketStatus()),
	"TicketPriority":      Example(arbitrary.TicketPriority()),
}}

// LoadShapes compiles the shapes contract (shapes/contract.json) for the shapes packages.
func LoadShapes(contractFile string) (*Schema, error) {
	data, err := os.ReadFile(contractFile)
	if err != nil {
		return nil, err
	}
	var c struct {
		Documents []map[string]any  `json:"documents"`
		Types     map[string]string `json:"types"`
	}
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", contractFile, err)
	}
	fsys := fstest.MapFS{}
	for _, d := range c.Documents {
		id, _ := d["$id"].(string)
		rel, ok := strings.CutPrefix(id, ShapesIDBase)
		if !ok || path.Ext(rel) != ".json" {
			return nil, fmt.Errorf("%s: document $id %q is not under %s", contractFile, id, ShapesIDBase)
		}
		text, err := json.Marshal(d)
		if err != nil {
			return nil, err
		}
		fsys[rel] = &fstest.MapFile{Data: text}
	}
	return LoadSchemaFS(fsys, ShapesIDBase, Shapes, c.Types)
}
