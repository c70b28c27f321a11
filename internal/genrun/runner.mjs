// Feeds documents to the generated TypeScript packages and prints one verdict line per
// document: "<index> valid", "<index> invalid <errors>" (the JSON list of the errors'
// [pointer, keyword, message] triples, as the Go runner prints them), "<index> crash <reason>", or
// "<index> skipped" for a package that was not compiled.
//
// usage: node runner.mjs CASES.json DIST MODE
//   CASES.json: [{"p": package, "t": type name, "d": JSON text}, ...]
//   DIST:       the compiled output; package p is DIST/p<p>/index.js
//   MODE:       parse (parseT: the typed API) or validate (the package's JSON reader, then
//               validateT: the schema's verdict, also for the few valid documents a type
//               cannot hold)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// goJSON is JSON.stringify with the escapes Go's json.Marshal adds: <, >, & and the line and
// paragraph separators.
function goJSON(v) {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

const [casesPath, dist, mode] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const mods = new Map();
const out = [];
for (let i = 0; i < cases.length; i++) {
  const c = cases[i];
  let line;
  try {
    if (!mods.has(c.p)) {
      const file = join(dist, "p" + c.p, "index.js");
      mods.set(c.p, existsSync(file) ? {
        index: await import(pathToFileURL(file).href),
        runtime: await import(pathToFileURL(join(dist, "p" + c.p, "runtime.js")).href),
      } : null);
    }
    const mod = mods.get(c.p);
    if (mod === null) {
      line = i + " skipped";
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
    line = i + " crash " + String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 200);
  }
  out.push(line);
}
process.stdout.write(out.join("\n") + "\n");
