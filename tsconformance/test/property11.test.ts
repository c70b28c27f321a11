// Property 11, valid direction: every instance the TypeScript arbitraries build, once written as
// JSON, passes the canonical schema (ajv) and the generated validator.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { ajvCheck, TOP_LEVEL_TYPES } from "./support/schema.js";
import { generated } from "./support/generated.js";

const RUNS = 500;

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
});
