// The scaling benchmark of the generated TypeScript: every keyword family of
// bench/scaling/schema.json on the documents of size n and 8n written by bench/cmd/scaling.
// Three things of skillgen are timed on each document: parseT on the text (what a caller runs), validateT
// on the value JSON.parse made of it (the generated code's own work, without V8's parser and
// without the collector's work on the values the parse makes), and JSON.parse alone (the floor
// of parseT, V8's own). Beside them, two figures of the platform: ajv 8 (allErrors, the peer)
// validating the same value, and, where the document is one object of n keys or more,
// Object.keys of it alone (V8's listing of its keys, which every validator of its members
// needs). Node runs at its default flags. Prints [{family, n, ns, validateNs, jsonNs, ajvNs,
// keysNs}] as JSON (CPU time of one call, the least of three rounds; ajvOverNs instead of ajvNs
// where ajv was stopped after that long) for `scaling table`.
//
//   node scaling.mjs BUILD_DIR DOCS_DIR [SECONDS_PER_CASE]
//
// BUILD_DIR holds the generated package of the scaling schema compiled to JavaScript. Every
// document must be accepted, or refused with exactly its number of errors, before it is timed;
// one that is not is left out (its family's row says unavailable), and the reason is printed.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { time } from "./cputime.mjs";

const [buildDir, docsDir] = process.argv.slice(2);
const seconds = Number(process.argv[4] ?? 0.5);
if (!buildDir || !docsDir) {
  process.stderr.write("usage: node scaling.mjs BUILD_DIR DOCS_DIR [SECONDS_PER_CASE]\n");
  process.exit(2);
}
const sg = await import(pathToFileURL(resolve(buildDir, "index.js")).href);
const index = JSON.parse(readFileSync(join(docsDir, "index.json"), "utf8"));

function die(msg) {
  process.stderr.write(`scaling: ${msg}\n`);
  process.exit(1);
}

// Each case is checked first; one that fails (a wrong verdict, or an exception such as a
// RangeError) is left out with the reason on stderr, and its row of the table says
// unavailable: the other families are still measured.
const cases = [];
for (const d of index) {
  const parse = sg["parse" + d.family];
  if (typeof parse !== "function") die(`no parse${d.family} in ${buildDir}`);
  const text = readFileSync(join(docsDir, d.file), "utf8");
  let r;
  try {
    r = parse(text);
  } catch (err) {
    process.stderr.write(`scaling: ${d.file}: parse${d.family} threw ${err}; left out\n`);
    continue;
  }
  const errors = r.ok ? 0 : r.errors.length;
  if (errors !== d.errors) {
    process.stderr.write(`scaling: ${d.file}: ${errors} errors, want ${d.errors}: ${JSON.stringify(r.errors?.slice(0, 3))}; left out\n`);
    continue;
  }
  const validate = sg["validate" + d.family];
  const value = JSON.parse(text);
  const verrors = validate(value).length;
  if (verrors !== d.errors) {
    process.stderr.write(`scaling: ${d.file}: validate${d.family} reports ${verrors} errors, want ${d.errors}; left out\n`);
    continue;
  }
  // Object.keys is timed where the document is an object of many keys (n or more).
  const manyKeys = value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length >= d.n;
  cases.push({ ...d, parse, text, validate, value, manyKeys });
}
if (cases.length === 0) die("no case passed its check");

// What is timed on each case: the call, the name of its field in the output, and whether it
// applies to the case.
const subjects = [
  ["ns", (c) => c.parse(c.text), () => true],
  ["validateNs", (c) => c.validate(c.value), () => true],
  ["jsonNs", (c) => JSON.parse(c.text), () => true],
  ["keysNs", (c) => Object.keys(c.value), (c) => c.manyKeys],
];

// Warm up, then three rounds over every case and subject; each keeps its least time (other
// work on the machine only ever adds to it).
for (const c of cases) for (const [, f, applies] of subjects) if (applies(c)) time(() => f(c), seconds / 5);
const best = new Map(cases.map((c) => [c, {}]));
for (let round = 0; round < 3; round++) {
  for (const c of cases) {
    for (const [field, f, applies] of subjects) {
      if (!applies(c)) continue;
      const ns = time(() => f(c), seconds / 3);
      const b = best.get(c);
      b[field] = Math.min(b[field] ?? Infinity, ns);
    }
  }
}
// ajv, each case in a worker (scaling-ajv.mjs) given ajvLimit seconds: past them it is stopped,
// and the case records the time of its first call if it made one (ajv compares every pair of
// items for uniqueItems, so one call can take seconds), else ajvOverNs, a bound that one call
// exceeds.
const ajvLimit = Math.max(30, 60 * seconds);
for (const c of cases) {
  const b = best.get(c);
  const worker = new Worker(new URL("./scaling-ajv.mjs", import.meta.url), {
    workerData: { family: c.family, file: join(docsDir, c.file), errors: c.errors, seconds },
  });
  let timer;
  let first;
  const answer = await Promise.race([
    new Promise((ok, fail) => {
      worker.on("message", (m) => (m.first !== undefined ? (first = m.first) : ok(m)));
      worker.once("error", fail);
    }),
    new Promise((ok) => (timer = setTimeout(() => ok({ timeout: true }), ajvLimit * 1000))),
  ]);
  clearTimeout(timer);
  await worker.terminate();
  if (answer.differs) process.stderr.write(`scaling: ${c.file}: ajv's verdict differs; its figure is left out\n`);
  else if (answer.timeout && first !== undefined) {
    process.stderr.write(`scaling: ${c.file}: ajv stopped after ${ajvLimit} s; its figure is its first call\n`);
    b.ajvNs = first;
  } else if (answer.timeout) {
    process.stderr.write(`scaling: ${c.file}: ajv did not finish one call in ${ajvLimit} s; stopped\n`);
    b.ajvOverNs = ajvLimit * 1e9;
  } else b.ajvNs = answer.ns;
}
const ms = (ns) => (ns / 1e6).toFixed(3) + " ms";
const out = [];
for (const c of cases) {
  const b = best.get(c);
  const more = (b.ajvNs ? `, ajv ${ms(b.ajvNs)}` : b.ajvOverNs ? `, ajv over ${ms(b.ajvOverNs)}` : "") + (b.keysNs ? `, Object.keys ${ms(b.keysNs)}` : "");
  process.stderr.write(`scaling: ${c.family} n=${c.n}: parse ${ms(b.ns)}, validate ${ms(b.validateNs)}, JSON.parse ${ms(b.jsonNs)}${more}\n`);
  out.push({ family: c.family, n: c.n, ...b });
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
