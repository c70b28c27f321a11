// Feeds every case of the JSON Schema Test Suite to the generated TypeScript validators (the
// package's JSON reader, then validateT: the schema's verdict, where parseT also refuses the
// few valid documents a type cannot hold, docs/typescript.md) and prints
// one verdict line per case: "<index> valid", "<index> invalid <errors>" (the JSON list of the
// errors' [pointer, keyword] pairs, as the Go runner prints them) or "<index> crash <reason>".
//
// usage: node runner.mjs CASES.json DIST
//   CASES.json: [{"b": batch, "t": type name, "d": JSON text}, ...]
//   DIST:       the compiled output; batch b is DIST/b<b>/index.js
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [casesPath, dist] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const mods = new Map();
const out = [];
for (let i = 0; i < cases.length; i++) {
  const c = cases[i];
  let line;
  try {
    if (!mods.has(c.b)) {
      const dir = join(dist, "b" + c.b);
      mods.set(c.b, {
        index: await import(pathToFileURL(join(dir, "index.js")).href),
        runtime: await import(pathToFileURL(join(dir, "runtime.js")).href),
      });
    }
    const { index, runtime } = mods.get(c.b);
    const validate = index["validate" + c.t];
    if (typeof validate !== "function") throw new Error("no function validate" + c.t);
    const r = runtime.parseJSON(c.d);
    const errors = r.ok ? validate(r.value) : r.errors;
    if (errors.length === 0) {
      line = i + " valid";
    } else {
      line = i + " invalid " + JSON.stringify(errors.map((e) => [e.pointer, e.keyword]));
    }
  } catch (err) {
    line = i + " crash " + String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 200);
  }
  out.push(line);
}
process.stdout.write(out.join("\n") + "\n");
