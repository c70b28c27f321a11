// The shapes schema (../crosscheck/shapes): its generated TypeScript package indexed by type
// name, and ajv on the contract the types follow (crosscheck/shapes/contract.json: the schema,
// plus the values the types leave out, written by the Go side).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv/dist/2020.js";
import type * as fc from "fast-check";
import * as g from "../../../crosscheck/shapes/ts/src/index.js";
import * as arb from "../../../crosscheck/shapes/ts/src/arbitraries.js";
import type { ParseResult, ValidationError } from "../../../crosscheck/shapes/ts/src/index.js";
import { repoRoot } from "./schema.js";

export const shapesDir = join(repoRoot, "crosscheck", "shapes");

interface Contract {
  documents: Record<string, unknown>[];
  types: Record<string, string>;
}

export const contract = JSON.parse(readFileSync(join(shapesDir, "contract.json"), "utf8")) as Contract;

/** The generated types, in the order of the Go package's TypeNames. */
export const SHAPES_TYPES = Object.keys(contract.types).sort();

export interface ShapesType {
  validate: (v: unknown) => ValidationError[];
  is: (v: unknown) => boolean;
  parse: (json: string) => ParseResult<unknown>;
  serialize: (v: never) => string;
  arbitrary: () => fc.Arbitrary<unknown>;
}

const gen = g as unknown as Record<string, unknown>;
const arbs = arb as unknown as Record<string, unknown>;
const cache = new Map<string, fc.Arbitrary<unknown>>();

/** shapesType returns the generated functions of a type (its arbitrary is built once). */
export function shapesType(name: string): ShapesType {
  const fn = <T>(prefix: string, from: Record<string, unknown> = gen): T => {
    const f = from[prefix + name];
    if (typeof f !== "function") throw new Error(`the shapes package has no ${prefix}${name}`);
    return f as T;
  };
  return {
    validate: fn("validate"),
    is: fn("is"),
    parse: fn("parse"),
    serialize: fn("serialize"),
    arbitrary: () => {
      let a = cache.get(name);
      if (a === undefined) {
        a = fn<() => fc.Arbitrary<unknown>>("arbitrary", arbs)();
        cache.set(name, a);
      }
      return a;
    },
  };
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** shapesOracle validates a document as a shapes type with ajv, on the contract. */
export function shapesOracle(name: string, doc: unknown): boolean {
  if (ajv === undefined) {
    ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, strictTuples: false, validateFormats: false, unicodeRegExp: true });
    // The names the schema gives to the generated code (docs/overrides.md) are annotations.
    ajv.addVocabulary(["x-go-name", "x-enum-varnames", "tsEnumNames"]);
    for (const d of contract.documents) ajv.addSchema(d);
  }
  let v = compiled.get(name);
  if (v === undefined) {
    const loc = contract.types[name];
    if (loc === undefined) throw new Error(`no contract location for ${name}`);
    v = ajv.getSchema(loc);
    if (v === undefined) throw new Error(`ajv has no schema at ${loc}`);
    compiled.set(name, v);
  }
  return v(doc) === true;
}
