package config

import "errors"

// yamlToJSON converts a YAML configuration file to JSON and returns the line of a pointer in
// the YAML text.
func yamlToJSON(display string, data []byte) ([]byte, func(string) int, error) {
	return nil, nil, &Error{File: display, Reason: errors.New("YAML configuration files are not read yet: write skillgen.json").Error()}
}
