#!/usr/bin/env bash
# Regenerates gojs/ and gojsplain/: go-jsonschema's code for the canonical schema
# (SkillDescriptor, FindingsResponse), with and without its validating UnmarshalJSON.
#   bash bench/goparse/gen-peer.sh GO_JSONSCHEMA_BINARY
# go-jsonschema writes a pattern into a Go raw string literal, which breaks on a backtick,
# so the schema is copied with every backtick written as the regular-expression escape
# \x60 (the same character to RE2 and ECMAScript).
set -euo pipefail
gj=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/schema/." "$tmp/"
find "$tmp" -name '*.json' -exec sed -i 's/`/\\\\x60/g' {} +
cd "$tmp"
mkdir -p "$here/gojs" "$here/gojsplain"
"$gj" -t -p gojs --tags json -o "$here/gojs/types.go" SkillDescriptor.json FindingsResponse.json
"$gj" -t -p gojsplain --only-models --tags json -o "$here/gojsplain/types.go" SkillDescriptor.json FindingsResponse.json
gofmt -l "$here/gojs" "$here/gojsplain" | { if read -r f; then echo "gen-peer.sh: $f does not parse" >&2; exit 1; fi; }
