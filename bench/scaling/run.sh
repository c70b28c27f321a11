#!/usr/bin/env bash
# The scaling benchmark (make bench runs it): every keyword family of schema.json at size n
# and 8n, generated Go (go test -bench) and generated TypeScript (bench/tsbench/scaling.mjs),
# on the same documents. Prints the markdown section to stdout; progress goes to stderr.
#
#   bash bench/scaling/run.sh [SKILLGEN]
#
# SKILLGEN is a built skillgen binary (default: go run ./cmd/skillgen). The Go package is
# generated into this folder (package scaling; its files are ignored by git), the TypeScript
# one and the documents into bench/.work/scaling.
#
# Environment:
#   SCALING_BENCHTIME  go test -benchtime of each case (default 1s; 5 runs, the least is taken)
#   SCALING_SECONDS    seconds per TypeScript case (default 1.5)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work="$root/bench/.work/scaling"
log() { printf 'scaling: %s\n' "$*" >&2; }
rm -rf "$work"
mkdir -p "$work"

sg=(go run ./cmd/skillgen)
[[ -n ${1:-} ]] && sg=("$1")
log "generating Go and TypeScript for bench/scaling/schema.json"
(cd "$root" && "${sg[@]}" -config "" -schema bench/scaling/schema.json -go-out bench/scaling -go-package scaling -go-import "" -ts-out "$work/ts")

# bench/ is a module of its own that replaces the root module with ../.
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
log "writing the documents"
(cd "$root/bench" && go run ./cmd/scaling docs "$work/docs")

log "running the Go benchmarks"
(cd "$root/bench" && SCALING_DOCS="$work/docs" go test -tags scaling -run '^$' -bench Scaling \
	-benchtime "${SCALING_BENCHTIME:-1s}" -count 5 ./scaling/) | tee "$work/go.txt" | grep -E '^(Benchmark|ok|FAIL)' >&2

ts=()
tsbench="$root/bench/tsbench"
if [[ ! -d $tsbench/node_modules/typescript ]]; then
	log "npm ci in bench/tsbench"
	(cd "$tsbench" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
log "compiling the TypeScript"
"$tsbench/node_modules/.bin/tsc" --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess --skipLibCheck \
	--target ES2022 --module ES2022 --moduleResolution Bundler --rootDir "$work/ts/src" --outDir "$work/build" "$work/ts/src/index.ts"
log "running the TypeScript benchmarks"
if node "$tsbench/scaling.mjs" "$work/build" "$work/docs" "${SCALING_SECONDS:-1.5}" >"$work/ts.json"; then
	ts=(-ts "$work/ts.json")
else
	log "the TypeScript benchmarks failed; their columns say unavailable"
fi

(cd "$root/bench" && go run ./cmd/scaling table -go "$work/go.txt" "${ts[@]}")
