#!/usr/bin/env bash
# Benchmarks skillgen against its peers and writes BENCHMARKS.md (`make bench`).
#
#   bash bench/run.sh
#
# Installs the peers first (npm ci in bench/peers; go-jsonschema into bench/.gobin), then:
#   1. bench/goparse: go test -bench of the generated Go parsers against encoding/json,
#      santhosh-tekuri/jsonschema and go-jsonschema's generated code;
#   2. bench/cmd/harness: wall time and peak RSS of skillgen and of each peer generating from
#      synth_schema.py output, N = 200, 2000, 20000 and 2000 --cyclic;
# and writes both tables, the machine and this command into BENCHMARKS.md; then appends the
# generated TypeScript against ajv (bench/tsbench), the scaling table of every keyword family
# (bench/scaling/run.sh), the peak memory of 50 MB documents (bench/cmd/peakmem) and the builds
# of the generated code (bench/cmd/builds: go build and tsc of each generator's output for the
# synthetic schema and the largest corpus schemas).
#
# Environment:
#   BENCH_SIZES    cases for the generator table (default 200,2000,2000c,20000)
#   BENCH_TIMEOUT  time limit of one generator run (default 90s)
#   BENCH_TOTAL    seconds the whole script may take (default 500, leaving time for bench/tsbench): generator runs that would
#                  end later are cut short and reported so
#   BENCH_OUT      file to write (default BENCHMARKS.md; - for standard output)
#   BENCH_SYNTH    synth_schema.py (default ../shared/bench/synth_schema.py, else bench/synth_schema.py)
#   BENCH_GOPARSE  0 to skip the parse benchmarks
#   BENCH_TS       0 to skip the TypeScript validate/parse benchmarks (bench/tsbench)
#   BENCH_SCALING  0 to skip the scaling table of hostile input (bench/scaling)
#   BENCH_MEMORY   0 to skip the peak memory of 50 MB documents (bench/cmd/peakmem)
#   BENCH_BUILDS   0 to skip the builds of the generated code (bench/cmd/builds)
#   BENCH_BUILD_N  definitions of the synthetic schema those builds use (default 2000)
#   BENCH_BUILD_CAP memory cap of one build in GiB (default 8): a build above it is killed
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work="$root/bench/.work"
mkdir -p "$work" "$root/bench/.gobin"
log() { printf 'bench: %s\n' "$*" >&2; }

for t in go node npm python3; do
	command -v "$t" >/dev/null || { log "$t is needed"; exit 1; }
done

synth=${BENCH_SYNTH:-}
if [[ -z $synth ]]; then
	synth="$root/../shared/bench/synth_schema.py"
	[[ -f $synth ]] || synth="$root/bench/synth_schema.py"
fi

# Peers.
log "installing the TypeScript peers (npm ci in bench/peers)"
(cd bench/peers && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
gj="$root/bench/.gobin/go-jsonschema"
if ! { [[ -x $gj ]] && go version -m "$gj" 2>/dev/null | grep -q 'atombender/go-jsonschema[[:space:]]*v0.24.1'; }; then
	log "installing go-jsonschema v0.24.1 into bench/.gobin"
	GOBIN="$root/bench/.gobin" go install github.com/atombender/go-jsonschema@v0.24.1
fi

# skillgen itself.
sg="$work/skillgen"
rm -f "$sg"
if go build -o "$sg" ./cmd/skillgen 2>"$work/skillgen-build.log"; then
	log "built skillgen"
else
	log "skillgen does not build; its column says unavailable:"
	sed 's/^/    /' "$work/skillgen-build.log" | head -5 >&2
fi

# bench/ is a module of its own that replaces the root module with ../: let go bring its
# go.mod up to date when the root's requirements move on.
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-mod=mod"
(cd bench && go build -o "$work/harness" ./cmd/harness)

# Parse benchmarks of the generated Go.
goparse_out=""
if [[ ${BENCH_GOPARSE:-1} != 0 ]]; then
	log "generating go-jsonschema's code for the canonical schema (bench/goparse/gojs*)"
	bash bench/goparse/gen-peer.sh "$gj"
	tags=()
	if (cd bench && go vet -tags skillgen ./goparse/ >"$work/goparse-vet.log" 2>&1); then
		tags=(-tags skillgen)
	else
		log "gen/go is missing or does not compile with bench/goparse; its rows say unavailable:"
		sed 's/^/    /' "$work/goparse-vet.log" | head -5 >&2
	fi
	log "checking that every parser accepts the documents"
	(cd bench && go test "${tags[@]}" -count=1 -run TestDocsAccepted ./goparse/ >&2)
	log "running the parse benchmarks"
	goparse_out="$work/goparse.txt"
	(cd bench && go test "${tags[@]}" -run '^$' -bench . -benchmem -benchtime 300ms -count 3 ./goparse/) | tee "$goparse_out" | grep -E '^(Benchmark|ok|FAIL)' >&2
fi

log "measuring the generators"
"$work/harness" \
	-root "$root" \
	-synth "$synth" \
	-skillgen "$sg" \
	-go-jsonschema "$gj" \
	-peers "$root/bench/peers" \
	-sizes "${BENCH_SIZES:-200,2000,2000c,20000}" \
	-timeout "${BENCH_TIMEOUT:-90s}" \
	-budget "$((${BENCH_TOTAL:-500} - SECONDS))s" \
	-goparse "$goparse_out" \
	-command "make bench" \
	-out "${BENCH_OUT:-BENCHMARKS.md}"

if [[ ${BENCH_OUT:-BENCHMARKS.md} != - ]]; then
	sed -n '/^## Targets/,/^## Generated Go/p' "${BENCH_OUT:-BENCHMARKS.md}" | sed '$d'
fi

# The generated TypeScript against ajv, in one node process (bench/tsbench); its section is
# appended to the report.
if [[ ${BENCH_TS:-1} != 0 ]]; then
	log "measuring the generated TypeScript against ajv (bench/tsbench)"
	if ts_out=$(bash bench/tsbench/run.sh); then
		if [[ ${BENCH_OUT:-BENCHMARKS.md} == - ]]; then
			printf '\n%s\n' "$ts_out"
		else
			printf '\n%s\n' "$ts_out" >>"${BENCH_OUT:-BENCHMARKS.md}"
		fi
	else
		log "bench/tsbench failed; its section is left out"
	fi
fi

# appended prints a section after the report (or on standard output).
appended() {
	if [[ ${BENCH_OUT:-BENCHMARKS.md} == - ]]; then
		printf '\n%s\n' "$1"
	else
		printf '\n%s\n' "$1" >>"${BENCH_OUT:-BENCHMARKS.md}"
	fi
}

# Hostile input: every keyword family at n and 8n, in both languages.
if [[ ${BENCH_SCALING:-1} != 0 ]]; then
	log "measuring how the generated validators scale (bench/scaling)"
	if scaling_out=$(bash bench/scaling/run.sh "$sg"); then
		appended "$scaling_out"
		printf '%s\n' "$scaling_out" | grep '^Target' >&2
	else
		log "bench/scaling failed; its section is left out"
	fi
fi

# Peak memory of skillcheck and ParseT on 50 MB documents.
if [[ ${BENCH_MEMORY:-1} != 0 ]]; then
	log "measuring peak memory on 50 MB documents (bench/cmd/peakmem)"
	go build -o "$work/skillcheck" ./cmd/skillcheck
	if mem_out=$(cd bench && go run ./cmd/peakmem -skillcheck "$work/skillcheck" -dir "$work"); then
		appended "$mem_out"
		printf '%s\n' "$mem_out" | grep '^Target' >&2
	else
		log "bench/cmd/peakmem failed; its section is left out"
	fi
fi

# What a user's CI pays to build the generated code: go build and tsc of each generator's
# default output, the synthetic schema and the largest schemas of the corpus.
if [[ ${BENCH_BUILDS:-1} != 0 ]]; then
	log "building the generated code of each generator (bench/cmd/builds)"
	if builds_out=$(cd bench && go run ./cmd/builds -root "$root" -synth "$synth" -skillgen "$sg" \
		-go-jsonschema "$gj" -peers "$root/bench/peers" -corpus "$root/../shared/corpus/schemastore/schemas" \
		-n "${BENCH_BUILD_N:-2000}" -mem-cap "${BENCH_BUILD_CAP:-8}"); then
		appended "$builds_out"
		printf '%s\n' "$builds_out" | grep '^Target' >&2
	else
		log "bench/cmd/builds failed; its section is left out"
	fi
fi
