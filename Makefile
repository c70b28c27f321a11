# skillgen — make targets. Quick start on a fresh machine:
#   make generate   # regenerate gen/ from schema/
#   make test       # install what the tests need, then run every test
GO ?= go
SHELL := /bin/bash
FUZZTIME ?= 60s
# The long differential schema fuzzing run (make fuzz, make schemafuzz): schemas of draft 2020-12
# (each other draft gets an eighth as many) and the seed (a new one each run unless given).
SCHEMAFUZZ_SCHEMAS ?= 3000
SCHEMAFUZZ_SEED ?= $(shell date +%s)
FUZZ_TARGETS = FuzzParseProtocolVersion FuzzParseSkillDescriptor FuzzParseSkillIndex \
	FuzzParseInvocationRequest FuzzParseInvocationResponse FuzzParseFinding \
	FuzzParseFindingsResponse FuzzParseGetSessionFindingsParams FuzzParserMatchesEncodingJSON \
	FuzzOnePassMatchesExact

.PHONY: all generate check test test-go test-ts test-mutate test-mutate-tools mutate deps deps-go deps-ts build vet fmt bench fuzz schemafuzz corpus corpus-types npm clean help

all: generate test

help:
	@echo "make generate  regenerate gen/go and gen/ts from schema/ (skillgen.yaml), and internal/config/gen"
	@echo "make check     fail when gen/ is stale, gofmt or go vet complain"
	@echo "make test      install dependencies (Go modules, npm ci) and run every test"
	@echo "make mutate    every semantic mutation (mutation/list.go), then StrykerJS and gremlins with the score per file"
	@echo "make bench     measure skillgen and the generated code against the peers (writes BENCHMARKS.md)"
	@echo "make fuzz      fuzz every parser and the schema loader for FUZZTIME each (default 60s), then make schemafuzz"
	@echo "make schemafuzz  the long differential schema fuzzing run (SCHEMAFUZZ_SCHEMAS, SCHEMAFUZZ_SEED)"
	@echo "make corpus    every schema of the real-world corpus (../shared/corpus): generated, compiled, documents judged, typed share, arbitraries"
	@echo "make corpus-types  every schema of the corpus generated and its types measured only (typed share, TypeScript unknown), in about a minute"
	@echo "make build     build bin/skillgen and bin/skillcheck"
	@echo "make npm       build the npm package @skillgen/cli in npm/cli (skillgen compiled to WebAssembly): npm pack there"

# The settings are in skillgen.yaml (gen/ from schema/) and internal/config/skillgen.yaml (the
# configuration file's own types, from config/skillgen.schema.json); docs/config.md.
# -v: every file written or removed, then the counts (written, unchanged, removed).
generate:
	$(GO) run ./cmd/skillgen -v
	$(GO) run ./cmd/skillgen -v -config internal/config/skillgen.yaml

check:
	$(GO) run ./cmd/skillgen -check
	$(GO) run ./cmd/skillgen -check -config internal/config/skillgen.yaml
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

deps: deps-go deps-ts

deps-go:
	$(GO) mod download

deps-ts:
	@if [ -f tsconformance/package-lock.json ]; then cd tsconformance && npm ci --no-audit --no-fund; fi
	@if [ -f schemafuzz/ts/package-lock.json ]; then cd schemafuzz/ts && npm ci --no-audit --no-fund; fi

test: deps test-go test-ts test-mutate

# The cross-checks, the official suite, the corpus sample, the bounded schema fuzzing run
# (seeded) and the npm package's test run verbosely (minus per-test noise) so that their counts
# are printed: documents checked and disagreements, passed/refused/failed per file,
# generated/refused/bugs per schema, schemas and documents fuzzed, the .wasm's size and the
# runs of npx skillgen compared with the native binary's (npm/npm_test.go, docs/npm.md).
test-go:
	$(GO) test -count=1 -timeout 30m $$($(GO) list ./... | grep -v -e '/crosscheck$$' -e '/suite$$' -e '/realworld$$' -e '/schemafuzz$$' -e '/npm$$')
	set -o pipefail; $(GO) test -count=1 -timeout 30m -v ./crosscheck ./suite ./realworld ./schemafuzz ./npm 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

# npm test sets NO_COLOR when its output is not a terminal (see tsconformance/package.json).
test-ts:
	@if [ -f tsconformance/package.json ]; then cd tsconformance && npm test; fi

# The mutation harness (docs/mutation.md): the semantic list, StrykerJS over the TypeScript
# behaviour and gremlins over the Go behaviour, each printing its score per file. make test runs
# the bounded subset of the semantic list; make test-mutate-tools adds a fixed sample of each
# tool's mutants (several minutes of processor time: StrykerJS's initial run dominates); make
# mutate runs all of them. Either fails when a listed mutation survives, a file scores below
# 90%, or a tool's mutant survives that mutation/equivalents.go does not explain.
test-mutate:
	$(GO) run ./mutation -bounded

test-mutate-tools:
	$(GO) run ./mutation -bounded -tools all

mutate:
	$(GO) run ./mutation -tools all

build:
	$(GO) build -o bin/skillgen ./cmd/skillgen
	$(GO) build -o bin/skillcheck ./cmd/skillcheck

# The npm package @skillgen/cli (docs/npm.md): skillgen.wasm (cmd/skillgen for GOOS=js
# GOARCH=wasm), Go's wasm_exec.js and the licences of what the .wasm holds, beside the launcher.
npm:
	GO=$(GO) bash npm/build.sh npm/cli

vet:
	$(GO) vet ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	bash bench/run.sh

# Every schema of the corpus (about 480), not the sample make test runs: generated and compiled,
# refusals by reason, bugs, documents against the oracle, the typed share, TypeScript unknown
# where Go has a type, and the arbitraries of every named type; see docs/corpus.md.
corpus:
	set -o pipefail; $(GO) test -count=1 -v -timeout 300m ./realworld -run '^TestCorpus$$' -corpus.full 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

# Every schema of the corpus generated and its types measured (the typed share, TypeScript
# unknown where Go has a type, declarations), without compiling, judging or drawing anything.
corpus-types:
	set -o pipefail; $(GO) test -count=1 -v -timeout 30m ./realworld -run '^TestCorpus$$' -corpus.full -corpus.types 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t"; $(GO) test ./gen/go -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
	$(GO) test ./generator/load -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime $(FUZZTIME)
	$(GO) test ./internal/config -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME)
	$(MAKE) schemafuzz

schemafuzz: deps-ts
	set -o pipefail; SKILLGEN_SCHEMAFUZZ_SCHEMAS=$(SCHEMAFUZZ_SCHEMAS) SKILLGEN_SCHEMAFUZZ_SEED=$(SCHEMAFUZZ_SEED) \
		$(GO) test -count=1 -v -timeout 0 ./schemafuzz -run '^TestSchemaFuzz$$' 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

clean:
	rm -rf bin npm/cli/skillgen.wasm npm/cli/wasm_exec.js npm/cli/THIRD_PARTY_NOTICES
