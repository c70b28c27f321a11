#!/usr/bin/env bash
# Benchmarks the generated TypeScript package (gen/ts) against ajv 8 on the canonical schema
# and prints a markdown section to stdout (progress goes to stderr).
#
#   bash bench/tsbench/run.sh
#
# Steps: npm ci when node_modules is missing; tsc compiles gen/ts/src into .build (ES2022
# modules); cmd/docs writes the Go parse benchmark's documents into .docs; bench.mjs checks
# that every implementation accepts them, times each case and prints the tables.
#
# Environment:
#   TSBENCH_SECONDS  seconds per case (default 1)
#   TSBENCH_PROF     a folder: also run once under node --cpu-prof and write the profiles there
#   TSBENCH_MEMORY   0 to skip the peak memory of parseT on 50 MB documents (peakmem.mjs;
#                    default: BENCH_MEMORY of bench/run.sh, else 1)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
log() { printf 'tsbench: %s\n' "$*" >&2; }

for t in go node npm; do
	command -v "$t" >/dev/null || { log "$t is needed"; exit 1; }
done

if [[ ! -d node_modules/ajv || ! -d node_modules/typescript ]]; then
	log "npm ci"
	npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi

log "compiling gen/ts/src into .build"
rm -rf .build
node_modules/.bin/tsc -p tsconfig.json

log "writing the documents into .docs"
# bench/ is a module of its own that replaces the root module with ../.
(cd .. && GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod" go run ./tsbench/cmd/docs "$here/.docs")

seconds=${TSBENCH_SECONDS:-1}
if [[ -n ${TSBENCH_PROF:-} ]]; then
	mkdir -p "$TSBENCH_PROF"
	log "profiling into $TSBENCH_PROF"
	node --cpu-prof --cpu-prof-dir="$TSBENCH_PROF" bench.mjs .docs "$seconds"
else
	node bench.mjs .docs "$seconds"
fi

if [[ ${TSBENCH_MEMORY:-${BENCH_MEMORY:-1}} != 0 ]]; then
	log "measuring the peak memory of parseT on 50 MB documents"
	echo
	node peakmem.mjs
fi
