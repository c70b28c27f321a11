module github.com/skillgen/skillgen

go 1.26.8

require (
	github.com/dave/jennifer v1.7.1
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	gopkg.in/yaml.v3 v3.0.1
	pgregory.net/rapid v1.3.0
)

require golang.org/x/text v0.14.0

require golang.org/x/tools v0.52.0
