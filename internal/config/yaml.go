package config

import (
	"errors"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/skillgen/skillgen/generator/load"
)

// yamlToJSON converts a YAML configuration file to JSON with the loader's converter (the same
// rules as YAML schema files: docs/input.md), and returns the line of a pointer in the YAML text.
func yamlToJSON(display string, data []byte) ([]byte, func(string) int, error) {
	out, err := load.YAMLToJSON(display, data)
	if err != nil {
		var le *load.Error
		if errors.As(err, &le) {
			return nil, nil, &Error{File: le.File, Line: le.Line, Pointer: le.Pointer, Reason: le.Reason}
		}
		return nil, nil, err
	}
	// The text converted: it parses, and its nodes know their lines.
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) != 1 {
		return out, func(string) int { return 0 }, nil
	}
	return out, func(ptr string) int { return yamlLine(doc.Content[0], ptr) }, nil
}

// yamlLine returns the line of the value at ptr below n: a mapping member's key line (0 when n
// does not hold ptr). An alias stands for its anchor's node.
func yamlLine(n *yaml.Node, ptr string) int {
	line := n.Line
	if ptr == "" {
		return line
	}
	for _, t := range strings.Split(ptr[1:], "/") {
		for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
			n = n.Alias
		}
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == t {
					line, next = n.Content[i].Line, n.Content[i+1]
					break
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(t); err == nil && i >= 0 && i < len(n.Content) && strconv.Itoa(i) == t {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			return 0
		}
		n = next
	}
	return line
}
