// Feeds every case of the JSON Schema Test Suite to the generated TypeScript parsers and prints
// one verdict line per case: "<index> valid", "<index> invalid <errors>" (the JSON list of the
// errors' [pointer, keyword, message] triples, the message of keyword json left empty, written
// as the Go runner's encoding/json writes it) or "<index> crash <reason>".
//
// usage: node runner.mjs CASES.json DIST
//   CASES.json: [{"b": batch, "t": type name, "d": JSON text}, ...]
//   DIST:       the compiled output; batch b is DIST/b<b>/index.js
import { readFileSync } from "node:fs";
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
    if (!mods.has(c.b)) {
      mods.set(c.b, await import(pathToFileURL(join(dist, "b" + c.b, "index.js")).href));
    }
    const parse = mods.get(c.b)["parse" + c.t];
    if (typeof parse !== "function") throw new Error("no function parse" + c.t);
    const r = parse(c.d);
    if (r.ok) {
      line = i + " valid";
    } else {
      line = i + " invalid " + goJSON(r.errors.map((e) => [e.pointer, e.keyword, e.keyword === "json" ? "" : e.message]));
    }
  } catch (err) {
    line = i + " crash " + String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 200);
  }
  out.push(line);
}
process.stdout.write(out.join("\n") + "\n");
