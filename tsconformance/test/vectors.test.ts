// Property 11 across languages: the generated TypeScript validator and the generated Go
// validator report the same verdict and the same (pointer, keyword, message) list, in order, for
// the same document text (messages of keyword json aside). The Go side writes ../testdata/vectors/go-vectors.json; this package
// writes ../testdata/vectors/ts-vectors.json (npm run vectors) for the Go side to check.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ajvCheck, repoRoot, TOP_LEVEL_TYPES } from "./support/schema.js";
import type { TopLevelType } from "./support/schema.js";
import { MUTATIONS } from "./support/mutations.js";
import { buildTsVectors, comparable, formatVectors, parserOf, verdict } from "./support/vectors.js";
import type { Vector } from "./support/vectors.js";

const goVectors = join(repoRoot, "testdata", "vectors", "go-vectors.json");
const tsVectors = join(repoRoot, "testdata", "vectors", "ts-vectors.json");
const write = process.env["SKILLGEN_WRITE_VECTORS"] === "1";
const haveGo = existsSync(goVectors);

describe("Property 11: cross-language vectors", () => {
  it("Feature: skill-sharing-protocol, Property 11: ts-vectors.json is what the TypeScript arbitraries and validators produce, and ajv agrees with every verdict", () => {
    const vs = buildTsVectors();
    const text = formatVectors(vs);
    if (write) {
      mkdirSync(dirname(tsVectors), { recursive: true });
      writeFileSync(tsVectors, text);
      console.log(`wrote ${tsVectors}: ${vs.length} vectors`);
    }
    // Every vector's verdict agrees with the independent validator.
    const disagreements: string[] = [];
    for (const v of vs) {
      const oracle = ajvCheck(v.type as TopLevelType, JSON.parse(v.document));
      if (oracle.valid !== v.valid) disagreements.push(`${v.type}: ajv ${oracle.valid}, TypeScript ${v.valid}: ${v.document}`);
    }
    const valid = vs.filter((v) => v.valid).length;
    console.log(`Property 11 (ts-vectors.json): ${vs.length} vectors (${valid} valid, ${vs.length - valid} invalid), ${disagreements.length} disagreed with ajv`);
    expect(disagreements).toEqual([]);
    // Every mutation contributes at least one vector, and every type has valid ones.
    expect(vs.length - valid).toBeGreaterThanOrEqual(MUTATIONS.length);
    for (const t of TOP_LEVEL_TYPES) expect(vs.some((v) => v.type === t && v.valid)).toBe(true);
    if (!write) {
      expect(existsSync(tsVectors), `${tsVectors} is missing: run "npm run vectors" in tsconformance`).toBe(true);
      const committed = readFileSync(tsVectors, "utf8");
      expect(committed === text, `${tsVectors} is stale: run "npm run vectors" in tsconformance and commit it`).toBe(true);
    }
  });

  if (!haveGo) console.warn(`SKIPPED: ${goVectors} does not exist (the Go side writes it); the Go vector comparison did not run`);

  it.skipIf(!haveGo)("Feature: skill-sharing-protocol, Property 11: the TypeScript validator agrees with the Go validator on go-vectors.json", () => {
    const vs = JSON.parse(readFileSync(goVectors, "utf8")) as Vector[];
    expect(Array.isArray(vs)).toBe(true);
    const disagreements: string[] = [];
    for (const [i, v] of vs.entries()) {
      if (typeof v.type !== "string" || parserOf(v.type) === undefined) {
        disagreements.push(`#${i}: the generated package has no type ${JSON.stringify(v.type)}`);
        continue;
      }
      const got = comparable(verdict(v.type, v.document));
      const want = comparable(v);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        disagreements.push(`#${i} ${v.type}: ${v.document}\n  Go:         ${JSON.stringify(want)}\n  TypeScript: ${JSON.stringify(got)}`);
      }
    }
    const types = new Set(vs.map((v) => v.type));
    console.log(`Property 11 (go-vectors.json): ${vs.length} Go vectors of ${types.size} types checked by the TypeScript validator, ${disagreements.length} disagreed`);
    if (disagreements.length > 0) console.log(disagreements.slice(0, 20).join("\n"));
    expect(disagreements).toEqual([]);
  });
});
