package main

import (
	"errors"
	"fmt"
	"go/build"
	"go/token"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/skillgen/skillgen/generator"
)

// goPackageOf returns the package name of the Go output folder dir when -go-package is not
// given: the package of the Go files already there (as go build sees them: test files and files
// excluded by build constraints aside), else the folder's name made a Go identifier.
func goPackageOf(dir string) (string, error) {
	p, err := build.ImportDir(dir, build.ImportComment)
	var multi *build.MultiplePackageError
	switch {
	case errors.As(err, &multi):
		return "", fmt.Errorf("the Go files in %s are of packages %s (%s) and %s (%s): pass -go-package", dir, multi.Packages[0], multi.Files[0], multi.Packages[1], multi.Files[1])
	case err == nil && p.Name != "":
		if p.Name == "main" {
			return "", fmt.Errorf("the Go files in %s are package main, a command, which nothing can import: generate into another folder, or pass -go-package", dir)
		}
		return p.Name, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	return goIdentifier(filepath.Base(abs)), nil
}

// goIdentifier makes a folder name a package name as Go names packages: lower case letters and
// digits only ("my-api" → "myapi"), never starting with a digit, never a keyword or main.
func goIdentifier(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	s := b.String()
	switch {
	case s == "":
		return "schema"
	case unicode.IsDigit([]rune(s)[0]):
		s = "pkg" + s
	}
	if token.IsKeyword(s) || s == "main" || generator.CheckGoPackage(s) != nil {
		s += "pkg"
	}
	return s
}

// npmPackageOf returns the npm package name of the TypeScript output folder dir when
// -ts-package is not given: the folder's name made a valid npm name, as npm init does.
func npmPackageOf(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(filepath.Base(abs)) {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '.' || r == '_' {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-._")
	for _, c := range []string{s, s + "-types"} {
		if s != "" && generator.CheckNPMPackage(c) == nil {
			return c
		}
	}
	return "skillgen-types"
}
