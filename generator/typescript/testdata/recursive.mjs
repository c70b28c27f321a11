// Runs the arbitraries of recursive types: each draw ends (no stack overflow, no endless
// filter), and the values stay small: nested no deeper than a bound, not larger than a bound.
import fc from "fast-check";
import * as api from "./dist/index.js";
import * as arbs from "./dist/arbitraries.js";
import { checkArbitraries } from "./arbitraries.mjs";

function depth(v) {
  if (v === null || typeof v !== "object") return 0;
  let d = 0;
  for (const x of Object.values(v)) d = Math.max(d, depth(x));
  return d + 1;
}

const n = checkArbitraries(api, arbs, 100);
let deepest = 0;
let largest = 0;
for (const name of Object.keys(arbs).filter((k) => k.startsWith("arbitrary")).sort()) {
  for (const v of fc.sample(arbs[name](), { numRuns: 100, seed: 1 })) {
    deepest = Math.max(deepest, depth(v));
    largest = Math.max(largest, JSON.stringify(v).length);
  }
}
if (deepest > 16) throw new Error(`a value nests ${deepest} levels deep`);
if (largest > 200000) throw new Error(`a value's JSON takes ${largest} characters`);
console.log(`${n} arbitraries checked; deepest value ${deepest} levels, largest ${largest} characters`);
