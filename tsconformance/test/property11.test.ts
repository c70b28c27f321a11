// Property 11, one fast-check property per direction the blueprint names: every instance the
// TypeScript arbitraries build, once written as JSON, passes the canonical schema (ajv) and the
// generated validator; and every JSON document that passes the schema (ajv) is accepted by the
// TypeScript type system (the language service on a typed constant). typesystem.test.ts checks
// the second direction on a larger fixed corpus with tsc, and the invalid documents too.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { generate } from "json-schema-faker";
import { ajvCheck, bundle, TOP_LEVEL_TYPES } from "./support/schema.js";
import { generated } from "./support/generated.js";
import { asJson } from "./support/mutations.js";
import { typeService } from "./support/typeservice.js";

const RUNS = 500;
// Drawn documents type-checked one at a time (some drawn from json-schema-faker are not
// schema-valid and are left out; at least 100 must be checked).
const TYPED_RUNS = 150;

describe("Property 11: TypeScript and JSON Schema agree", () => {
  it("Feature: skill-sharing-protocol, Property 11: every instance built from the TypeScript types passes JSON Schema validation (ajv) and validateT", () => {
    const disagreements: string[] = [];
    let checked = 0;
    try {
      for (const t of TOP_LEVEL_TYPES) {
        const g = generated[t];
        fc.assert(
          fc.property(g.arbitrary(), (value) => {
            checked++;
            const text = JSON.stringify(value);
            const doc: unknown = JSON.parse(text);
            const oracle = ajvCheck(t, doc);
            const own = g.validate(doc);
            const parsed = g.parse(text);
            if (!oracle.valid || own.length > 0 || !parsed.ok) {
              disagreements.push(`${t}: ${text}\n  ajv: ${JSON.stringify(oracle.errors)}\n  validate${t}: ${JSON.stringify(own)}`);
              return false;
            }
            return true;
          }),
          { numRuns: RUNS },
        );
      }
    } finally {
      console.log(`Property 11 (TypeScript -> JSON Schema): ${checked} instances of ${TOP_LEVEL_TYPES.length} types checked, ${disagreements.length} disagreed`);
    }
    expect(disagreements).toEqual([]);
  });

  it("Feature: skill-sharing-protocol, Property 11: every JSON document that passes JSON Schema validation is accepted by the TypeScript type system", async () => {
    const types = typeService();
    // Schema-valid documents from two sources: json-schema-faker on the canonical schema (seeds
    // drawn by fast-check), and the TypeScript arbitraries written as JSON and read back. ajv
    // decides which are schema-valid; only those are checked.
    const docs = fc.oneof(
      fc.tuple(fc.constantFrom(...TOP_LEVEL_TYPES), fc.integer({ min: 1, max: 1_000_000 })).map(([t, seed]) => ({ t, seed, doc: undefined as unknown })),
      fc.constantFrom(...TOP_LEVEL_TYPES).chain((t) => generated[t].arbitrary().map((v) => ({ t, seed: 0, doc: asJson(v) as unknown }))),
    );
    let checked = 0;
    let skipped = 0;
    await fc.assert(
      fc.asyncProperty(docs, async ({ t, seed, doc }) => {
        let d = doc;
        if (seed > 0) {
          try {
            d = asJson(await generate(bundle(t), { seed, maxDefaultItems: 3, optionalsProbability: 0.5 }));
          } catch {
            d = undefined;
          }
        }
        if (d === undefined || !ajvCheck(t, d).valid) {
          skipped++;
          return;
        }
        checked++;
        expect(types.check(t, d), `${t}: ${JSON.stringify(d)}`).toEqual([]);
      }),
      { numRuns: TYPED_RUNS },
    );
    console.log(`Property 11 (JSON Schema -> TypeScript types, fast-check): ${checked} schema-valid documents type-checked, ${skipped} drawn documents not schema-valid`);
    expect(checked).toBeGreaterThanOrEqual(100);
  });
});
