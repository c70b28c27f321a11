package skill

// ValidateByJSON is what Validate did before it walked the Go value, and still does when the
// walk is not sure: write x as JSON, parse it back and validate the tree against the schema of
// the named type.
func ValidateByJSON(typeName string, x any) error { return sgValidateWith(x, sgValidators[typeName]) }
