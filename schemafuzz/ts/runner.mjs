// The TypeScript half of the differential schema fuzzer (schemafuzz/run.go): for every
// document, ajv's verdict (the oracle) and the generated validator's (validateT: the schema's
// verdict), with its errors; for a valid document, what parseT made of it: the serialized
// value, or why it refused.
//
// usage: node runner.mjs CASES.json DIST > results (one JSON object a line)
//   CASES.json: {"schemas": [{"draft", "schema" (JSON text), "unit" ("" when not compiled),
//                 "type"}], "docs": [{"s": schema index, "d": JSON text}]}
//   DIST:       the compiled units; unit u is DIST/u/index.js
//
// A line: {"i", "ajv": "valid" | "invalid" | "error: …" (ajv refused the schema) | "throws: …"
// (its validator threw), "ts": "valid" | "invalid" | "crash: …"
// | "" (not compiled), "e": [[pointer, keyword], …], "p": "narrowed" (parseT refused with
// "type" errors only: a value the TypeScript type cannot hold) | "refused […]", "m":
// serialized text, "a": the verdict on it}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const Ajv = require("ajv").default;
const Ajv2019 = require("ajv/dist/2019").default;
const Ajv2020 = require("ajv/dist/2020").default;
const Ajv04 = require("ajv-draft-04").default;
const draft06 = require("ajv/dist/refs/json-schema-draft-06.json");

// Formats are annotations, as in skillgen and santhosh-tekuri (validateFormats: false).
// multipleOf is decided with a tolerance of 1e-6 on the quotient: ajv divides doubles, the
// other two decide exactly, and the fuzzer's numbers (few decimals, small quotients) are where
// the three agree.
const options = { strict: false, validateFormats: false, multipleOfPrecision: 6 };

function newAjv(draft) {
  switch (draft) {
    case "draft-04":
      return new Ajv04(options);
    case "draft-06": {
      const a = new Ajv(options);
      a.addMetaSchema(draft06);
      return a;
    }
    case "draft-07":
      return new Ajv(options);
    case "2019-09":
      return new Ajv2019(options);
    default:
      return new Ajv2020(options);
  }
}

const [casesPath, dist] = process.argv.slice(2);
const { schemas, docs } = JSON.parse(readFileSync(casesPath, "utf8"));
const validators = schemas.map((s) => {
  try {
    return { fn: newAjv(s.draft).compile(JSON.parse(s.schema)) };
  } catch (err) {
    return { err: "error: " + oneLine(err) };
  }
});
const mods = new Map();
const runtimes = new Map();

// verdict is the schema's verdict on a JSON text: the package's reader, then validateT.
function verdict(s, g, text) {
  const r = runtimes.get(s.unit).parseJSON(text);
  const errors = r.ok ? g.validate(r.value) : r.errors;
  return errors.length === 0 ? { v: "valid" } : { v: "invalid", e: errors.map((e) => [e.pointer, e.keyword]) };
}

async function generated(s) {
  if (!s.unit) return null;
  if (!mods.has(s.unit)) {
    mods.set(s.unit, await import(pathToFileURL(join(dist, s.unit, "index.js")).href));
    runtimes.set(s.unit, await import(pathToFileURL(join(dist, s.unit, "runtime.js")).href));
  }
  const m = mods.get(s.unit);
  const need = (name) => {
    if (typeof m[name] !== "function") throw new Error("no function " + name);
    return m[name];
  };
  return { validate: need("validate" + s.type), parse: need("parse" + s.type), serialize: need("serialize" + s.type) };
}

// ajvVerdict is ajv's verdict on a JSON text, or "throws: …" when its validator throws.
function ajvVerdict(fn, text) {
  try {
    return fn(JSON.parse(text)) ? "valid" : "invalid";
  } catch (err) {
    return "throws: " + oneLine(err);
  }
}

function oneLine(err) {
  return String(err && err.message ? err.message : err).replace(/\s+/g, " ").slice(0, 300);
}

const out = [];
for (let i = 0; i < docs.length; i++) {
  const { s, d } = docs[i];
  const line = { i };
  const v = validators[s];
  line.ajv = v.err ?? ajvVerdict(v.fn, d);
  line.ts = "";
  try {
    const g = await generated(schemas[s]);
    if (g) {
      const v = verdict(schemas[s], g, d);
      line.ts = v.v;
      if (v.e) line.e = v.e;
      if (v.v === "valid") {
        const r = g.parse(d);
        if (r.ok) {
          line.m = g.serialize(r.value);
          line.a = verdict(schemas[s], g, line.m).v;
        } else if (r.errors.every((e) => e.keyword === "type")) {
          line.p = "narrowed";
        } else {
          line.p = "refused " + JSON.stringify(r.errors.map((e) => [e.pointer, e.keyword]));
        }
      }
    }
  } catch (err) {
    line.ts = "crash: " + oneLine(err);
  }
  out.push(JSON.stringify(line));
}
process.stdout.write(out.join("\n") + "\n");
