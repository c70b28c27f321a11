// Feeds documents to the generated TypeScript packages and prints one verdict line per
// document, as it goes: "<index> valid", "<index> invalid <errors>" (the JSON list of the
// errors' [pointer, keyword, message] triples, as the Go runner prints them), "<index> crash
// <reason>", or "<index> skipped" for a package that was not compiled.
//
// usage: node runner.mjs CASES.json DIST MODE [START [DRAWS]]
//   CASES.json: [{"p": package, "t": type name, "d": JSON text}, ...]
//   DIST:       the compiled output; package p is DIST/p<p>/index.js
//   MODE:       parse (parseT: the typed API), validate (the package's JSON reader, then
//               validateT: the schema's verdict, also for the few valid documents a type
//               cannot hold) or arbitrary (DRAWS values of the type from arbitraryT, seeds 0
//               to DRAWS-1, each written with serializeT and parsed back with parseT; "d" is
//               not read)
//   START:      the first case to run (the ones before it are left out)
import { existsSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// goJSON is JSON.stringify with the escapes Go's json.Marshal adds: <, >, & and the line and
// paragraph separators.
function goJSON(v) {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

const [casesPath, dist, mode, startArg, drawsArg] = process.argv.slice(2);
const start = Number(startArg ?? 0);
const draws = Number(drawsArg ?? 10);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const mods = new Map();

// A value the arbitrary cannot find: fast-check's filter retries forever, so the runner bounds
// it (as rapid does in Go) and reports the type as one without a value.
class NoValue extends Error {}
let fc = null;
if (mode === "arbitrary") {
  fc = await import("fast-check");
  const filterProto = Object.getPrototypeOf(fc.constant(0).filter(() => true));
  filterProto.generate = function (mrng, biasFactor) {
    for (let i = 0; i < 1000; i++) {
      const g = this.arb.generate(mrng, biasFactor);
      if (this.refinementOnValue(g)) return g;
    }
    throw new NoValue("failed to find suitable value in 1000 tries");
  };
}

// canonical is the JSON text of a value with every object's members sorted: the same for the
// same JSON value.
function canonical(v) {
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  if (v !== null && typeof v === "object") {
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canonical(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

// drawn checks the values of one type's arbitrary: null when every value found parses back to
// the same JSON value, else what went wrong ("no value: …" when none is found).
function drawn(mod, t) {
  const arbitrary = mod.arbitraries["arbitrary" + t];
  const serialize = mod.index["serialize" + t];
  const parse = mod.index["parse" + t];
  if (typeof arbitrary !== "function" || typeof serialize !== "function" || typeof parse !== "function") {
    throw new Error("no arbitrary" + t + ", serialize" + t + " or parse" + t);
  }
  let found = 0;
  let last = "";
  for (let seed = 0; seed < draws; seed++) {
    let v;
    try {
      [v] = fc.sample(arbitrary(), { numRuns: 1, seed });
    } catch (err) {
      if (!(err instanceof NoValue)) return "seed " + seed + ": the arbitrary fails: " + String(err && err.message ? err.message : err);
      last = err.message;
      continue;
    }
    found++;
    const text = serialize(v);
    const r = parse(text);
    if (!r.ok) {
      return "seed " + seed + ": the value drawn does not parse: " + goJSON(r.errors.map((e) => [e.pointer, e.keyword, e.message])) + "; the value: " + text;
    }
    const again = serialize(r.value);
    if (canonical(JSON.parse(text)) !== canonical(JSON.parse(again))) {
      return "seed " + seed + ": the value drawn parses and writes back otherwise: " + again + "; the value drawn: " + text;
    }
  }
  return found === 0 ? "no value: " + last : null;
}

for (let i = start; i < cases.length; i++) {
  const c = cases[i];
  let line;
  try {
    if (!mods.has(c.p)) {
      const dir = join(dist, "p" + c.p);
      const file = join(dir, "index.js");
      mods.set(c.p, existsSync(file) ? {
        index: await import(pathToFileURL(file).href),
        runtime: await import(pathToFileURL(join(dir, "runtime.js")).href),
        arbitraries: mode === "arbitrary" ? await import(pathToFileURL(join(dir, "arbitraries.js")).href) : null,
      } : null);
    }
    const mod = mods.get(c.p);
    if (mod === null) {
      line = i + " skipped";
    } else if (mode === "arbitrary") {
      const problem = drawn(mod, c.t);
      line = i + (problem === null ? " valid" : " invalid " + problem.replace(/\s+/g, " ").slice(0, 600));
    } else {
      const name = (mode === "validate" ? "validate" : "parse") + c.t;
      const fn = mod.index[name];
      if (typeof fn !== "function") throw new Error("no function " + name);
      let errors;
      if (mode === "validate") {
        const r = mod.runtime.parseJSON(c.d);
        errors = r.ok ? fn(r.value) : r.errors;
      } else {
        const r = fn(c.d);
        errors = r.ok ? [] : r.errors;
      }
      if (errors.length === 0) {
        line = i + " valid";
      } else {
        line = i + " invalid " + goJSON(errors.map((e) => [e.pointer, e.keyword, e.keyword === "json" ? "" : e.message]));
      }
    }
  } catch (err) {
    line = i + " crash " + String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 600);
  }
  writeSync(1, line + "\n");
}
