// Property 11, schema -> types direction: documents valid under the canonical schema are
// accepted by the TypeScript type system (tsc on typed constants), documents whose invalidity
// TypeScript can express are rejected by it (@ts-expect-error), and the constraints it cannot
// express are enforced by the generated validators instead.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { generate } from "json-schema-faker";
import { ajvCheck, bundle, schemaDir, TOP_LEVEL_TYPES } from "./support/schema.js";
import type { TopLevelType } from "./support/schema.js";
import { generated } from "./support/generated.js";
import { asJson, MUTATIONS, mutate } from "./support/mutations.js";
import type { Json, Mutation } from "./support/mutations.js";
import { typecheck } from "./support/tsc.js";

const ARBITRARY_SAMPLES = 100; // per type, fast-check with a fixed seed
const FAKER_SEEDS = 100; // per type, json-schema-faker with seeds 1..100

type Kind = "valid" | "invalid-expressible" | "invalid-not-expressible";
interface Doc {
  type: TopLevelType;
  source: string;
  kind: Kind;
  doc: Json;
}

interface Corpus {
  docs: Doc[];
  faker: Record<string, { generated: number; valid: number; failed: number }>;
  fakerDisagreements: string[];
}

async function buildCorpus(): Promise<Corpus> {
  const docs: Doc[] = [];
  const faker: Corpus["faker"] = {};
  const fakerDisagreements: string[] = [];
  TOP_LEVEL_TYPES.forEach((t, i) => {
    const samples = fc.sample(generated[t].arbitrary(), { numRuns: ARBITRARY_SAMPLES, seed: 1100 + i }).map(asJson);
    samples.forEach((doc, j) => docs.push({ type: t, source: `fast-check seed ${1100 + i} #${j}`, kind: "valid", doc }));
    // Every mutation, on the first samples it applies to (up to three).
    for (const mu of MUTATIONS.filter((x) => x.type === t)) {
      let n = 0;
      for (const [j, doc] of samples.entries()) {
        const bad = mutate(doc, mu);
        if (bad === null) continue;
        docs.push({ type: t, source: `${mu.name} on #${j}`, kind: kindOf(mu), doc: bad.doc });
        if (++n === 3) break;
      }
    }
  });
  for (const f of readdirSync(join(schemaDir, "examples")).sort()) {
    const t = f.split(".")[0] as TopLevelType;
    docs.push({ type: t, source: `schema/examples/${f}`, kind: "valid", doc: JSON.parse(readFileSync(join(schemaDir, "examples", f), "utf8")) as Json });
  }
  for (const t of TOP_LEVEL_TYPES) {
    const schema = bundle(t);
    const stats = { generated: 0, valid: 0, failed: 0 };
    for (let seed = 1; seed <= FAKER_SEEDS; seed++) {
      let doc: Json;
      try {
        doc = asJson(await generate(schema, { seed, maxDefaultItems: 3, optionalsProbability: 0.5 }));
      } catch {
        stats.failed++;
        continue;
      }
      stats.generated++;
      // Only documents the independent validator accepts count as schema-valid.
      if (!ajvCheck(t, doc).valid) continue;
      stats.valid++;
      const own = generated[t].validate(doc);
      if (own.length > 0) fakerDisagreements.push(`${t} (json-schema-faker seed ${seed}): ${JSON.stringify(doc)}\n  ${JSON.stringify(own)}`);
      docs.push({ type: t, source: `json-schema-faker seed ${seed}`, kind: "valid", doc });
    }
    faker[t] = stats;
  }
  return { docs, faker, fakerDisagreements };
}

function kindOf(mu: Mutation): Kind {
  return mu.typeLevel === "expressible" ? "invalid-expressible" : "invalid-not-expressible";
}

let corpus: Corpus;

describe("Property 11: schema-valid documents and the TypeScript type system", () => {
  beforeAll(async () => {
    corpus = await buildCorpus();
  });

  it("Feature: skill-sharing-protocol, Property 11: every JSON document that passes JSON Schema validation is accepted by the TypeScript type system", () => {
    const { docs } = corpus;
    // The corpus is what it claims to be: valid documents pass ajv, invalid ones fail it.
    for (const d of docs) {
      const oracle = ajvCheck(d.type, d.doc);
      expect(oracle.valid, `${d.type} ${d.source}: ${JSON.stringify(d.doc)}`).toBe(d.kind === "valid");
    }
    const problems = typecheck(
      "typesystem",
      `import type { ${TOP_LEVEL_TYPES.join(", ")} } from "../../../gen/ts/src/index.js";`,
      docs.map((d) => ({ type: d.type, doc: d.doc, expectError: d.kind === "invalid-expressible", label: `${d.kind} ${d.source}` })),
    );
    const count = (k: Kind) => docs.filter((d) => d.kind === k).length;
    const fakerValid = Object.values(corpus.faker).reduce((a, s) => a + s.valid, 0);
    const fakerGenerated = Object.values(corpus.faker).reduce((a, s) => a + s.generated, 0);
    console.log(
      `Property 11 (JSON Schema -> TypeScript types): tsc checked ${docs.length} typed constants: ${count("valid")} schema-valid ` +
        `(${fakerValid} of ${fakerGenerated} json-schema-faker documents passed ajv), ${count("invalid-expressible")} invalid under @ts-expect-error, ` +
        `${count("invalid-not-expressible")} invalid beyond the types; ${problems.length} disagreed`,
    );
    console.log(`json-schema-faker per type (generated/ajv-valid/threw): ${TOP_LEVEL_TYPES.map((t) => `${t} ${corpus.faker[t]?.generated}/${corpus.faker[t]?.valid}/${corpus.faker[t]?.failed}`).join(", ")}`);
    expect(problems).toEqual([]);
  });

  it("Feature: skill-sharing-protocol, Property 11: schema-valid documents from json-schema-faker are accepted by validateT, and the constraints the types cannot express are enforced by validateT", () => {
    expect(corpus.fakerDisagreements).toEqual([]);
    // Every constraint kind beyond the type system (tsc accepted these constants above) is
    // rejected by the generated validator with the keyword that expresses it.
    const beyond = corpus.docs.filter((d) => d.kind === "invalid-not-expressible");
    const keywords = new Set<string>();
    for (const d of beyond) {
      const errors = generated[d.type].validate(d.doc);
      expect(errors.length, `${d.type} ${d.source}`).toBeGreaterThan(0);
      for (const e of errors) keywords.add(e.keyword);
    }
    for (const k of ["pattern", "minLength", "minimum", "maximum", "type", "uniqueItems", "x-unique-by", "required", "dependentRequired", "propertyNames"]) {
      expect(keywords, `no document beyond the types exercised ${k}`).toContain(k);
    }
    // Each not-expressible mutation was exercised at least once.
    for (const mu of MUTATIONS.filter((x) => x.typeLevel === "not-expressible")) {
      expect(beyond.some((d) => d.type === mu.type && d.source.startsWith(`${mu.name} on`)), `${mu.type}: ${mu.name}`).toBe(true);
    }
  });
});
