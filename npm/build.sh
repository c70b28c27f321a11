#!/usr/bin/env bash
# Builds the files of the npm package @skillgen/cli that are not in the repository into DIR
# (default npm/cli; make npm runs it): skillgen.wasm, cmd/skillgen compiled to WebAssembly
# (GOOS=js GOARCH=wasm); wasm_exec.js, the JavaScript half of Go's js/wasm port, from the Go
# that compiled it (the two must come from the same Go release); and THIRD_PARTY_NOTICES, the
# licences of Go and of the modules compiled into skillgen.wasm. See docs/npm.md.
set -euo pipefail
dir=${1:-npm/cli}
go=${GO:-go}
goroot=$("$go" env GOROOT)
exec_js="$goroot/lib/wasm/wasm_exec.js" # Go 1.24 and later
if [ ! -f "$exec_js" ]; then
	echo "npm/build.sh: $exec_js is missing: skillgen needs Go 1.24 or later" >&2
	exit 1
fi
mkdir -p "$dir"
GOOS=js GOARCH=wasm "$go" build -trimpath -ldflags='-s -w' -o "$dir/skillgen.wasm" ./cmd/skillgen
cp "$exec_js" "$dir/wasm_exec.js"
{
	echo "skillgen.wasm holds Go's runtime and standard library and the modules below,"
	echo "compiled; wasm_exec.js is Go's. Their licences follow."
	echo
	echo "== Go $("$go" env GOVERSION) (the runtime, the standard library, wasm_exec.js)"
	echo
	cat "$goroot/LICENSE"
	GOOS=js GOARCH=wasm "$go" list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}} {{.Dir}}{{end}}{{end}}' ./cmd/skillgen |
		sort -u | while read -r path version moddir; do
			licence=$(ls "$moddir" | grep -E -i -m1 '^(LICEN[CS]E|COPYING)(\.(md|txt))?$' || true)
			if [ -z "$licence" ]; then
				echo "npm/build.sh: $path $version has no licence file in $moddir" >&2
				exit 1
			fi
			echo
			echo "== $path $version"
			echo
			cat "$moddir/$licence"
			for notice in "$moddir"/NOTICE*; do
				if [ -f "$notice" ]; then
					echo
					cat "$notice"
				fi
			done
		done
} >"$dir/THIRD_PARTY_NOTICES"
