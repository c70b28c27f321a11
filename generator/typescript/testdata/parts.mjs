// Runs a package whose validate.ts is in parts: every type's functions, reached through the
// package's index, agree with its arbitrary; the values the types leave out are refused by isT
// and parseT and accepted by validateT (the schema's verdict), as in one module.
import * as api from "./dist/index.js";
import * as arbs from "./dist/arbitraries.js";
import { checkArbitraries } from "./arbitraries.mjs";

const n = checkArbitraries(api, arbs, 100);
const cases = [
  ["RunsOnArray", null],
  ["RunsOnArray", "ubuntu-latest"],
  ["PermissionString", true],
  ["PermissionNumber", "op"],
];
for (const [type, doc] of cases) {
  const text = JSON.stringify(doc);
  if (api["validate" + type](doc).length !== 0) throw new Error(`validate${type}(${text}) refuses what the schema accepts`);
  if (api["is" + type](doc)) throw new Error(`is${type}(${text}) accepts a value its type leaves out`);
  if (api["parse" + type](text).ok) throw new Error(`parse${type}(${text}) accepts a value its type leaves out`);
}
console.log(`${n} arbitraries checked; ${cases.length} values left out by the types refused`);
