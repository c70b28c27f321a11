// Measures the generated TypeScript validators and parsers (gen/ts, compiled into .build)
// against ajv 8 compiled from the canonical schema, in one node process, on the documents of
// the Go parse benchmark (written by cmd/docs). Prints a markdown section to stdout.
//
//   node bench.mjs DOCS_DIR [SECONDS_PER_CASE]
//
// Every implementation must accept every document (and reject a broken copy of it) before
// anything is timed; otherwise the script fails.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { uniqueBy } from "./ajvkeywords.mjs";
import * as sg from "./.build/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const docsDir = process.argv[2] ?? join(here, ".docs");
const seconds = Number(process.argv[3] ?? process.env.TSBENCH_SECONDS ?? 1);
const ajvVersion = createRequire(import.meta.url)("ajv/package.json").version;

function die(msg) {
  process.stderr.write(`tsbench: ${msg}\n`);
  process.exit(1);
}

// ---- ajv on the canonical schema -------------------------------------------------------

function schemaFiles() {
  const out = [];
  for (const dir of ["schema", "schema/defs"]) {
    const abs = join(root, dir);
    for (const f of readdirSync(abs).filter((f) => f.endsWith(".json")).sort()) out.push(join(abs, f));
  }
  return out;
}

function newAjv(allErrors) {
  // Formats are annotations (the 2020-12 default, and what the generated code does); the
  // schema's patterns carry the checks.
  const ajv = new Ajv2020({ allErrors, validateFormats: false });
  ajv.addKeyword({ keyword: "x-unique-by", type: "array", schemaType: "string", compile: uniqueBy });
  for (const k of ["x-skillgen-behaviour", "x-skillgen-tool"]) ajv.addKeyword({ keyword: k });
  for (const f of schemaFiles()) ajv.addSchema(JSON.parse(readFileSync(f, "utf8")));
  return ajv;
}

const ajvFirst = newAjv(false);
const ajvAll = newAjv(true);
function ajvValidator(ajv, type) {
  const v = ajv.getSchema(`https://skillgen.dev/schema/v1/${type}.json`);
  if (!v) die(`ajv has no schema for ${type}`);
  return v;
}

// ---- documents --------------------------------------------------------------------------

const index = JSON.parse(readFileSync(join(docsDir, "index.json"), "utf8"));
const docs = index.map((d) => {
  const text = readFileSync(join(docsDir, d.file), "utf8");
  const gen = {
    validate: sg[`validate${d.type}`],
    parse: sg[`parse${d.type}`],
  };
  if (typeof gen.validate !== "function" || typeof gen.parse !== "function") die(`gen/ts has no validate/parse${d.type}`);
  return {
    ...d,
    text,
    bytes: Buffer.byteLength(text, "utf8"),
    value: JSON.parse(text),
    gen,
    ajv: ajvValidator(ajvFirst, d.type),
    ajvAll: ajvValidator(ajvAll, d.type),
  };
});

// A copy that every implementation must reject: a repeated input name (x-unique-by) for a
// descriptor, an index without its required skills, a negative per_kind_limit otherwise.
function broken(d) {
  const v = JSON.parse(d.text);
  if (d.type === "SkillDescriptor" && v.inputs.length >= 2) v.inputs[1].name = v.inputs[0].name;
  else if (d.type === "SkillIndex") delete v.skills;
  else v.per_kind_limit = -1;
  return v;
}

for (const d of docs) {
  const errs = d.gen.validate(d.value);
  if (errs.length !== 0) die(`${d.name}: validate${d.type} rejects it: ${JSON.stringify(errs.slice(0, 3))}`);
  const p = d.gen.parse(d.text);
  if (!p.ok) die(`${d.name}: parse${d.type} rejects it: ${JSON.stringify(p.errors.slice(0, 3))}`);
  if (!d.ajv(d.value)) die(`${d.name}: ajv rejects it: ${JSON.stringify(d.ajv.errors)}`);
  if (!d.ajvAll(d.value)) die(`${d.name}: ajv (allErrors) rejects it: ${JSON.stringify(d.ajvAll.errors)}`);
  const b = broken(d);
  if (d.gen.validate(b).length === 0) die(`${d.name}: validate${d.type} accepts the broken copy`);
  if (d.gen.parse(JSON.stringify(b)).ok) die(`${d.name}: parse${d.type} accepts the broken copy`);
  if (d.ajv(b)) die(`${d.name}: ajv accepts the broken copy`);
  if (d.ajvAll(b)) die(`${d.name}: ajv (allErrors) accepts the broken copy`);
}

// ---- timing -----------------------------------------------------------------------------

let sink = 0;

// run calls fn n times and returns the elapsed nanoseconds.
function run(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += fn();
  return Number(process.hrtime.bigint() - t0);
}

// batchSize finds how many calls take about 10 ms.
function batchSize(fn) {
  let n = 1;
  for (;;) {
    const t = run(fn, n);
    if (t >= 10e6 || n >= 1 << 24) return Math.max(1, Math.round((n * 10e6) / Math.max(t, 1)));
    n *= 2;
  }
}

// measure warms fn up, then returns mean nanoseconds per call over rounds of batches:
// state.ns and state.ops accumulate across rounds so that the cases of a document can be
// interleaved (reducing the bias of running one after the other).
function warm(fn) {
  const n = batchSize(fn);
  const until = process.hrtime.bigint() + BigInt(Math.round(seconds * 0.2e9));
  while (process.hrtime.bigint() < until) run(fn, n);
  return { fn, n, ns: 0, ops: 0 };
}

function round(state, budgetNs) {
  let spent = 0;
  while (spent < budgetNs) {
    const t = run(state.fn, state.n);
    spent += t;
    state.ns += t;
    state.ops += state.n;
  }
}

const ROUNDS = 4;
function measureAll(cases) {
  const states = cases.map((c) => ({ ...c, ...warm(c.fn) }));
  for (let r = 0; r < ROUNDS; r++) {
    for (const s of states) round(s, (seconds * 1e9) / ROUNDS);
  }
  const out = {};
  for (const s of states) out[s.key] = s.ns / s.ops;
  return out;
}

const results = [];
for (const d of docs) {
  const { value, text, gen, ajv, ajvAll: all } = d;
  const r = measureAll([
    { key: "genValidate", fn: () => gen.validate(value).length },
    { key: "ajvValidate", fn: () => (ajv(value) ? 0 : 1) },
    { key: "ajvAllValidate", fn: () => (all(value) ? 0 : 1) },
    { key: "genParse", fn: () => (gen.parse(text).ok ? 0 : 1) },
    { key: "ajvParse", fn: () => (ajv(JSON.parse(text)) ? 0 : 1) },
    { key: "jsonParse", fn: () => (JSON.parse(text) === null ? 1 : 0) },
  ]);
  results.push({ d, r });
  process.stderr.write(`tsbench: measured ${d.name}\n`);
}
if (sink !== 0) die(`a timed call failed (${sink})`);

// ---- report -----------------------------------------------------------------------------

const fmtNs = (ns) => (ns >= 100 ? Math.round(ns).toLocaleString("en-US") : ns.toFixed(1));
const mbs = (bytes, ns) => ((bytes / ns) * 1e3).toFixed(1); // bytes/ns = GB/s; ×1000 = MB/s
const ratio = (a, b) => (a / b).toFixed(2) + "×";

const lines = [];
lines.push("## Generated TypeScript: validate and parse");
lines.push("");
lines.push(
  `One node process (Node ${process.versions.node}, ajv ${ajvVersion}), the documents of the Go parse ` +
    "benchmark (bench/goparse/docs.go: a SkillDescriptor with 4 inputs and one with 100, the most the schema " +
    "allows; a FindingsResponse with 5 findings and one with 500). ajv is Ajv2020 compiled from " +
    "schema/*.json and schema/defs/*.json, with x-unique-by registered as a keyword and formats " +
    "left as annotations, as the generated code does. Each case is warmed up and then run for about " +
    `${seconds} s in ${ROUNDS} interleaved rounds; ns/op is the mean, MB/s is document bytes over that ` +
    "time. Every implementation accepts each document, and rejects a broken copy, before it is timed.",
);
lines.push("");
lines.push(
  "**validate**: the already-parsed JS value. skillgen `validateT` collects every violation, so " +
    "`ajv allErrors` is its like-for-like peer; `ajv` (default options) stops at the first one. " +
    "Ratios are ajv time / skillgen time: above 1 means skillgen is faster.",
);
lines.push("");
lines.push("| document | bytes | skillgen validateT ns/op | MB/s | ajv ns/op | MB/s | ajv allErrors ns/op | ajv / skillgen | ajv allErrors / skillgen |");
lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const { d, r } of results) {
  lines.push(
    `| ${d.name} | ${d.bytes} | ${fmtNs(r.genValidate)} | ${mbs(d.bytes, r.genValidate)} | ${fmtNs(r.ajvValidate)} | ` +
      `${mbs(d.bytes, r.ajvValidate)} | ${fmtNs(r.ajvAllValidate)} | ${ratio(r.ajvValidate, r.genValidate)} | ` +
      `${ratio(r.ajvAllValidate, r.genValidate)} |`,
  );
}
lines.push("");
lines.push(
  "**parse**: JSON text to a validated value. skillgen `parseT` also rejects text with unpaired " +
    "surrogates, numbers beyond the double range and nesting deeper than 10000 (a scan of the text " +
    "and a walk of the parsed value), which `JSON.parse` + ajv does not. `JSON.parse` alone is the floor.",
);
lines.push("");
lines.push("| document | bytes | skillgen parseT ns/op | MB/s | JSON.parse + ajv ns/op | MB/s | JSON.parse alone ns/op | MB/s | (JSON.parse + ajv) / skillgen |");
lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const { d, r } of results) {
  lines.push(
    `| ${d.name} | ${d.bytes} | ${fmtNs(r.genParse)} | ${mbs(d.bytes, r.genParse)} | ${fmtNs(r.ajvParse)} | ` +
      `${mbs(d.bytes, r.ajvParse)} | ${fmtNs(r.jsonParse)} | ${mbs(d.bytes, r.jsonParse)} | ${ratio(r.ajvParse, r.genParse)} |`,
  );
}
lines.push("");

// The targets of the performance work (docs/performance.md), each over every document: the
// least ratio decides.
function least(ratioOf) {
  let worst = null;
  for (const { d, r } of results) {
    const x = ratioOf(r);
    if (worst === null || x < worst.x) worst = { x, name: d.name };
  }
  return worst;
}
const targets = [
  ["`validateT` vs ajv (allErrors), every document: ≥ 1.5×", 1.5, least((r) => r.ajvAllValidate / r.genValidate)],
  ["`parseT` vs `JSON.parse` + ajv, every document: ≥ 1.0×", 1.0, least((r) => r.ajvParse / r.genParse)],
];
lines.push("| target | measured | |");
lines.push("|---|---|---|");
for (const [what, min, w] of targets) {
  lines.push(`| ${what} | least ${w.x.toFixed(2)}× (${w.name}) | ${w.x >= min ? "met" : "**not met**"} |`);
}
lines.push("");
process.stdout.write(lines.join("\n"));
