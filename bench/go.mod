module github.com/skillgen/skillgen/bench

go 1.26.8

replace github.com/skillgen/skillgen => ../

require (
	github.com/go-viper/mapstructure/v2 v2.5.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/skillgen/skillgen v0.0.0-00010101000000-000000000000
	golang.org/x/text v0.14.0 // indirect
)
