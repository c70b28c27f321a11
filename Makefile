# skillgen — make targets. Quick start on a fresh machine:
#   make generate   # regenerate gen/ from schema/
#   make test       # install what the tests need, then run every test
GO ?= go
SHELL := /bin/bash
FUZZTIME ?= 60s
FUZZ_TARGETS = FuzzParseProtocolVersion FuzzParseSkillDescriptor FuzzParseSkillIndex \
	FuzzParseInvocationRequest FuzzParseInvocationResponse FuzzParseFinding \
	FuzzParseFindingsResponse FuzzParseGetSessionFindingsParams FuzzParserMatchesEncodingJSON

.PHONY: all generate check test test-go test-ts deps deps-go deps-ts build vet fmt bench fuzz clean help corpus-typed

all: generate test

help:
	@echo "make generate  regenerate gen/go and gen/ts from schema/"
	@echo "make check     fail when gen/ is stale, gofmt or go vet complain"
	@echo "make test      install dependencies (Go modules, npm ci) and run every test"
	@echo "make bench     measure skillgen and the generated code against the peers (writes BENCHMARKS.md)"
	@echo "make fuzz      fuzz every parser and the schema loader for FUZZTIME each (default 60s)"
	@echo "make build     build bin/skillgen and bin/skillcheck"
	@echo "make corpus-typed  typed share of the corpus, and its generated code built, drawn and type-checked"

generate:
	$(GO) run ./cmd/skillgen

check:
	$(GO) run ./cmd/skillgen -check
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

deps: deps-go deps-ts

deps-go:
	$(GO) mod download

deps-ts:
	@if [ -f tsconformance/package-lock.json ]; then cd tsconformance && npm ci --no-audit --no-fund; fi

test: deps test-go test-ts

# The cross-checks and the official suite run verbosely (minus per-test noise) so that their
# counts are printed: documents checked and disagreements, passed/refused/failed per file.
test-go:
	$(GO) test -count=1 $$($(GO) list ./... | grep -v -e '/crosscheck$$' -e '/suite$$')
	set -o pipefail; $(GO) test -count=1 -v ./crosscheck ./suite 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

test-ts:
	@if [ -f tsconformance/package.json ]; then cd tsconformance && npm test; fi

# The real-world corpus (../shared/corpus): the typed share per schema, and every schema's
# generated Go and TypeScript vetted, built, type-checked and drawn from (minutes on a cold cache).
corpus-typed:
	set -o pipefail; SKILLGEN_CORPUS=1 $(GO) test -count=1 -v -timeout 30m -run '^TestCorpus' ./crosscheck 2>&1 | grep -v -E '^ *(=== (RUN|PAUSE|CONT)|--- PASS)'

build:
	$(GO) build -o bin/skillgen ./cmd/skillgen
	$(GO) build -o bin/skillcheck ./cmd/skillcheck

vet:
	$(GO) vet ./...

fmt:
	gofmt -w $$(git ls-files '*.go')

bench:
	bash bench/run.sh

fuzz:
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzz $$t"; $(GO) test ./gen/go -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) || exit 1; \
	done
	$(GO) test ./generator/load -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime $(FUZZTIME)

clean:
	rm -rf bin
