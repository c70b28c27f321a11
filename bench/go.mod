module github.com/skillgen/skillgen/bench

go 1.26.8

replace github.com/skillgen/skillgen => ../

require (
	github.com/go-viper/mapstructure/v2 v2.5.0
	github.com/goccy/go-json v0.10.5
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/skillgen/skillgen v0.0.0-00010101000000-000000000000
)

require (
	github.com/dave/jennifer v1.7.1 // indirect
	golang.org/x/text v0.14.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
