// Package suite runs the official JSON Schema Test Suite (draft-04, -06, -07, 2019-09 and
// 2020-12) against the Go and TypeScript code skillgen generates. It has no API: everything is in suite_test.go, run with
//
//	go test ./suite/ -v
//
// See docs/suite.md.
package suite
