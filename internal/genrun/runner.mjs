// Feeds documents to the parsers of generated TypeScript packages and prints one verdict line
// per document: "<index> valid", "<index> invalid <errors>" (the JSON list of the errors'
// [pointer, keyword, message] triples, as the Go runner prints them), "<index> crash <reason>", or
// "<index> skipped" for a package that was not compiled.
//
// usage: node runner.mjs CASES.json DIST
//   CASES.json: [{"p": package, "t": type name, "d": JSON text}, ...]
//   DIST:       the compiled output; package p is DIST/p<p>/index.js
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// goJSON is JSON.stringify with the escapes Go's json.Marshal adds: <, >, & and the line and
// paragraph separators.
function goJSON(v) {
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

const [casesPath, dist] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const mods = new Map();
const out = [];
for (let i = 0; i < cases.length; i++) {
  const c = cases[i];
  let line;
  try {
    if (!mods.has(c.p)) {
      const file = join(dist, "p" + c.p, "index.js");
      mods.set(c.p, existsSync(file) ? await import(pathToFileURL(file).href) : null);
    }
    const mod = mods.get(c.p);
    if (mod === null) {
      line = i + " skipped";
    } else {
      const parse = mod["parse" + c.t];
      if (typeof parse !== "function") throw new Error("no function parse" + c.t);
      const r = parse(c.d);
      if (r.ok) {
        line = i + " valid";
      } else {
        line = i + " invalid " + goJSON(r.errors.map((e) => [e.pointer, e.keyword, e.keyword === "json" ? "" : e.message]));
      }
    }
  } catch (err) {
    line = i + " crash " + String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 200);
  }
  out.push(line);
}
process.stdout.write(out.join("\n") + "\n");
