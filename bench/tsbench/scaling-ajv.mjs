// The ajv part of scaling.mjs, run in a worker thread so that a validation that takes too long
// (ajv compares every pair of items for uniqueItems) can be stopped: checks ajv's verdict on
// one document of the scaling benchmark, times it as scaling.mjs times the generated code, and
// posts {differs: true}, or {first} (the CPU time of the call that gave the verdict) and then
// {ns} (CPU time of one call, the least of three rounds).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import Ajv2020 from "ajv/dist/2020.js";
import { uniqueBy } from "./ajvkeywords.mjs";
import { cpuNs, time } from "./cputime.mjs";

const { family, file, errors, seconds } = workerData;
// ajv on the schema the package was generated from, with every error (validateT reports every
// violation too) and x-unique-by registered.
const schemaFile = join(dirname(fileURLToPath(import.meta.url)), "..", "scaling", "schema.json");
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
ajv.addKeyword({ keyword: "x-unique-by", type: "array", schemaType: "string", compile: uniqueBy });
ajv.addSchema(JSON.parse(readFileSync(schemaFile, "utf8")), "scaling");
const validate = ajv.getSchema("scaling#/$defs/" + family);
if (!validate) throw new Error(`ajv has no schema for ${family}`);
const value = JSON.parse(readFileSync(file, "utf8"));
const start = cpuNs();
if (validate(value) !== (errors === 0)) {
  parentPort.postMessage({ differs: true });
} else {
  parentPort.postMessage({ first: cpuNs() - start });
  time(() => validate(value), seconds / 5);
  let ns = Infinity;
  for (let round = 0; round < 3; round++) ns = Math.min(ns, time(() => validate(value), seconds / 3));
  parentPort.postMessage({ ns });
}
