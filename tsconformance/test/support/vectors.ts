// Cross-language validation vectors: [{type, document (JSON text), valid, errors: [{pointer, keyword, message}]}].
import * as fc from "fast-check";
import { TOP_LEVEL_TYPES } from "./schema.js";
import type { TopLevelType } from "./schema.js";
import * as g from "../../../gen/ts/src/index.js";
import type { ParseResult } from "../../../gen/ts/src/index.js";
import { generated } from "./generated.js";
import { asJson, MUTATIONS, mutate } from "./mutations.js";

export interface Vector {
  type: string;
  document: string;
  valid: boolean;
  errors: { pointer: string; keyword: string; message: string }[];
}

/** Valid documents per type drawn from the arbitraries (fixed seeds). */
export const VALID_PER_TYPE = 20;

/** parserOf finds the generated parse function of any named type (parseT), or undefined. */
export function parserOf(type: string): ((json: string) => ParseResult<unknown>) | undefined {
  const f = (g as Record<string, unknown>)[`parse${type}`];
  return typeof f === "function" ? (f as (json: string) => ParseResult<unknown>) : undefined;
}

/** verdict is what the generated TypeScript parse function of a named type says about a document text. */
export function verdict(type: string, document: string): Pick<Vector, "valid" | "errors"> {
  const parse = parserOf(type);
  if (parse === undefined) throw new Error(`no parse${type} in the generated package`);
  const r = parse(document);
  return r.ok ? { valid: true, errors: [] } : { valid: false, errors: r.errors.map((e) => ({ pointer: e.pointer, keyword: e.keyword, message: e.message })) };
}

/**
 * buildTsVectors derives the vectors from the TypeScript arbitraries with fixed seeds (so the
 * result is reproducible) and the simple mutations of support/mutations.ts: each mutation is
 * applied to the first two samples it applies to.
 */
export function buildTsVectors(): Vector[] {
  const out: Vector[] = [];
  TOP_LEVEL_TYPES.forEach((t, i) => {
    const seed = 7000 + i;
    const samples = fc.sample(generated[t].arbitrary(), { numRuns: VALID_PER_TYPE, seed }).map(asJson);
    for (const doc of samples) {
      const document = JSON.stringify(doc);
      out.push({ type: t, document, ...verdict(t, document) });
    }
    for (const mu of MUTATIONS.filter((x) => x.type === t)) {
      let n = 0;
      for (const doc of samples) {
        const bad = mutate(doc, mu);
        if (bad === null) continue;
        const document = JSON.stringify(bad.doc);
        out.push({ type: t, document, ...verdict(t, document) });
        if (++n === 2) break;
      }
    }
  });
  return out;
}

/** formatVectors renders vectors as a JSON array, one vector a line. */
export function formatVectors(vs: readonly Vector[]): string {
  return `[\n${vs.map((v) => `  ${JSON.stringify({ type: v.type, document: v.document, valid: v.valid, errors: v.errors })}`).join(",\n")}\n]\n`;
}

/**
 * comparable is a verdict as the two languages must agree on it: every error's pointer, keyword
 * and message, except the message of keyword json (each language's JSON reader words its own
 * syntax errors).
 */
export function comparable(v: Pick<Vector, "valid" | "errors">): Pick<Vector, "valid" | "errors"> {
  return { valid: v.valid, errors: (v.errors ?? []).map((e) => ({ pointer: e.pointer, keyword: e.keyword, message: e.keyword === "json" ? "" : e.message })) };
}
