// Property 11 on the shapes schema (../crosscheck/shapes): nullable unions, nullable objects,
// allOf merges, unions of JSON types and of objects, tuples, number enums and objects without
// "type". Valid direction: every instance the TypeScript arbitraries build passes ajv (on the
// contract the types follow) and validateT. Schema -> types: the schema-valid documents are
// accepted by the TypeScript type system (tsc), the values the types leave out are not.
// Invalid direction: on every Go vector (valid documents, their mutations, edge documents),
// ajv gives the Go verdict and validateT the Go (pointer, keyword) list.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { repoRoot } from "./support/schema.js";
import { SHAPES_TYPES, shapesOracle, shapesType } from "./support/shapes.js";
import { tsLiteral } from "./support/tsliteral.js";

const RUNS = 100;
const here = fileURLToPath(new URL(".", import.meta.url));
const pkg = join(here, "..");
const workDir = join(pkg, ".tmp", "shapes");
const tscBin = join(pkg, "node_modules", "typescript", "bin", "tsc");

interface Vector {
  type: string;
  document: string;
  valid: boolean;
  errors: { pointer: string; keyword: string }[];
  note?: string;
}

const goVectors = JSON.parse(readFileSync(join(repoRoot, "testdata", "vectors", "shapes-go-vectors.json"), "utf8")) as Vector[];

describe("Property 11: the shapes in TypeScript", () => {
  it("Feature: skill-sharing-protocol, Property 11: every shapes instance built from the TypeScript types passes JSON Schema validation (ajv) and validateT", () => {
    const disagreements: string[] = [];
    let checked = 0;
    for (const name of SHAPES_TYPES) {
      const t = shapesType(name);
      fc.assert(
        fc.property(t.arbitrary(), (value) => {
          checked++;
          const text = t.serialize(value as never);
          const doc: unknown = JSON.parse(text);
          const own = t.validate(doc);
          const parsed = t.parse(text);
          if (!shapesOracle(name, doc) || own.length > 0 || !parsed.ok || JSON.stringify(parsed.value) !== text) {
            disagreements.push(`${name}: ${text}\n  validate${name}: ${JSON.stringify(own)}`);
            return false;
          }
          return true;
        }),
        { numRuns: RUNS, seed: 11 },
      );
    }
    console.log(`Property 11 (TypeScript -> JSON Schema, shapes): ${checked} instances of ${SHAPES_TYPES.length} types checked, ${disagreements.length} disagreed`);
    expect(disagreements).toEqual([]);
  });

  it("Feature: skill-sharing-protocol, Property 11: the TypeScript validator agrees with the Go validator and ajv on shapes-go-vectors.json", () => {
    const disagreements: string[] = [];
    for (const [i, v] of goVectors.entries()) {
      const t = shapesType(v.type);
      const r = t.parse(v.document);
      const got = { valid: r.ok, errors: r.ok ? [] : r.errors.map((e) => ({ pointer: e.pointer, keyword: e.keyword })) };
      const want = { valid: v.valid, errors: v.errors };
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        disagreements.push(`#${i} ${v.type} (${v.note ?? ""}): ${v.document}\n  Go:         ${JSON.stringify(want)}\n  TypeScript: ${JSON.stringify(got)}`);
      }
      if (shapesOracle(v.type, JSON.parse(v.document)) !== v.valid) disagreements.push(`#${i} ${v.type}: ajv disagrees with the verdict ${v.valid}: ${v.document}`);
    }
    const invalid = goVectors.filter((v) => !v.valid).length;
    console.log(`Property 11 (shapes-go-vectors.json): ${goVectors.length} Go vectors (${invalid} invalid) of ${new Set(goVectors.map((v) => v.type)).size} types checked by the TypeScript validator and ajv, ${disagreements.length} disagreed`);
    if (disagreements.length > 0) console.log(disagreements.slice(0, 20).join("\n"));
    expect(disagreements).toEqual([]);
  });

  it("Feature: skill-sharing-protocol, Property 11: every schema-valid shapes document is accepted by the TypeScript type system, and the values the types leave out are not", () => {
    type Doc = { type: string; source: string; expectError: boolean; text: string };
    const docs: Doc[] = [];
    for (const [i, name] of SHAPES_TYPES.entries()) {
      const samples = fc.sample(shapesType(name).arbitrary(), { numRuns: 20, seed: 1200 + i });
      for (const [j, s] of samples.entries()) docs.push({ type: name, source: `fast-check #${j}`, expectError: false, text: tsLiteral(JSON.parse(JSON.stringify(s))) });
    }
    for (const [i, v] of goVectors.entries()) {
      if (v.valid) docs.push({ type: v.type, source: `go vector #${i}`, expectError: false, text: tsLiteral(JSON.parse(v.document)) });
    }
    // Values the schema accepts and the types leave out (docs/typescript.md, "Narrowing").
    const base = `"pet": null, "label": null, "size": 1, "animal": { "meow": true }`;
    for (const [type, text] of [
      ["Shapes", `{ ${base}, "user": 5 }`],
      ["Shapes", `{ ${base}, "user": null }`],
      ["Shapes", `{ ${base}, "users": ["x"] }`],
      ["Address", `null`],
      ["MaybeName", `null`],
      ["User", `"x"`],
      ["Shapes", `{ ${base}, "size": 4 }`],
      ["Shapes", `{ ${base}, "point": [1] }`],
      ["Shapes", `{ ${base}, "animal": { "bark": true } }`],
    ] as const) {
      const own = shapesType(type).validate(JSON.parse(text));
      expect(own.length, `${type} ${text}: validate${type} must refuse it`).toBeGreaterThan(0);
      docs.push({ type, source: "left out by the types", expectError: true, text });
    }
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    const lines = ["// Written by tsconformance/test/shapes.test.ts. Do not edit.", `import type { ${SHAPES_TYPES.join(", ")} } from "../../../crosscheck/shapes/ts/src/index.js";`, ""];
    const lineOf = new Map<number, Doc>();
    docs.forEach((d, i) => {
      if (d.expectError) lines.push("// @ts-expect-error");
      lineOf.set(lines.length + 1, d);
      lines.push(`export const d${i}: ${d.type} = ${d.text};`);
    });
    writeFileSync(join(workDir, "documents.ts"), `${lines.join("\n")}\n`);
    writeFileSync(
      join(workDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ["documents.ts"],
      }),
    );
    let out = "";
    try {
      out = execFileSync(process.execPath, [tscBin, "-p", join(workDir, "tsconfig.json"), "--pretty", "false"], { encoding: "utf8" });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? e);
    }
    const problems: string[] = [];
    for (const line of out.split("\n")) {
      const m = /documents\.ts\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
      if (m === null) {
        if (line.trim() !== "") problems.push(line);
        continue;
      }
      const n = Number(m[1]);
      const d = lineOf.get(n) ?? lineOf.get(n + 1);
      problems.push(`${m[2]} ${m[3]}\n  on ${d === undefined ? "?" : `${d.type} from ${d.source}: ${d.text}`}`);
    }
    const expected = docs.filter((d) => d.expectError).length;
    console.log(`Property 11 (JSON Schema -> TypeScript types, shapes): tsc checked ${docs.length} typed constants: ${docs.length - expected} schema-valid, ${expected} left out by the types under @ts-expect-error; ${problems.length} disagreed`);
    expect(problems).toEqual([]);
  });
});
