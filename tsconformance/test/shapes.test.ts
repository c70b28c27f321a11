// Property 11 on the shapes schema (../crosscheck/shapes): nullable unions, nullable objects,
// allOf merges, unions of JSON types and of objects, tuples, number enums and objects without
// "type". Valid direction: every instance the TypeScript arbitraries build passes ajv (on the
// contract the types follow), validateT, isT and parseT. Schema -> types: the schema-valid
// documents are accepted by the TypeScript type system (tsc), the values the types leave out
// are not (and isT and parseT refuse them). Invalid direction: on every Go vector (valid
// documents, their mutations, edge documents), ajv gives the Go verdict and parseT the Go
// ParseT's (pointer, keyword, message) list.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import * as g from "../../crosscheck/shapes/ts/src/index.js";
import { repoRoot } from "./support/schema.js";
import { SHAPES_TYPES, shapesOracle, shapesType } from "./support/shapes.js";
import { typecheck } from "./support/tsc.js";
import type { TypedConstant } from "./support/tsc.js";

const RUNS = 100;

interface Vector {
  type: string;
  document: string;
  valid: boolean;
  errors: { pointer: string; keyword: string; message: string }[];
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
          if (!shapesOracle(name, doc) || own.length > 0 || !t.is(doc) || !parsed.ok || JSON.stringify(parsed.value) !== text) {
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
      const got = { valid: r.ok, errors: r.ok ? [] : r.errors.map((e) => ({ pointer: e.pointer, keyword: e.keyword, message: e.message })) };
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
    const docs: TypedConstant[] = [];
    for (const [i, name] of SHAPES_TYPES.entries()) {
      const samples = fc.sample(shapesType(name).arbitrary(), { numRuns: 20, seed: 1200 + i });
      for (const [j, s] of samples.entries()) docs.push({ type: name, label: `fast-check #${j}`, expectError: false, doc: JSON.parse(JSON.stringify(s)) });
    }
    for (const [i, v] of goVectors.entries()) {
      // A valid null is typed as parseT gives it: T | null (a type whose schema accepts null
      // leaves it to its references and to its functions, which are over T | null).
      const doc: unknown = JSON.parse(v.document);
      if (v.valid) docs.push({ type: doc === null ? `${v.type} | null` : v.type, label: `go vector #${i}`, expectError: false, doc });
    }
    const base = { pet: null, label: null, size: 1, animal: { meow: true } };
    // A struct whose schema has no "type": "object" (User): its other values are the type's too.
    for (const [type, doc] of [
      ["Shapes", { ...base, user: 5 }],
      ["Shapes", { ...base, user: null }],
      ["Shapes", { ...base, users: ["x", { login: "a" }, [true, "check"]] }],
      ["User", "x"],
      ["User", null],
    ] as const) {
      const t = shapesType(type);
      expect(t.is(doc), `${type} ${JSON.stringify(doc)}: is${type} must accept it`).toBe(true);
      expect(t.parse(JSON.stringify(doc)).ok, `${type} ${JSON.stringify(doc)}: parse${type} must accept it`).toBe(true);
      docs.push({ type, label: "not an object", expectError: false, doc });
    }
    // A named type whose schema accepts null: the type leaves null to its references (Address |
    // null), and its functions are over Address | null, so that isT and parseT accept null (Go's
    // ParseT gives nil), while a constant of the type itself cannot be null.
    for (const type of ["Address", "MaybeName"] as const) {
      const t = shapesType(type);
      expect(t.is(null), `is${type} must accept null`).toBe(true);
      const r = t.parse("null");
      expect(r.ok && r.value === null, `parse${type}("null") must give null: ${JSON.stringify(r)}`).toBe(true);
      docs.push({ type, label: "null, which the references hold", expectError: true, doc: null });
    }
    // Values the schema accepts and the types leave out (docs/typescript.md, "Narrowing").
    for (const [type, doc] of [
      ["Shapes", { ...base, size: 4 }],
      ["Shapes", { ...base, point: [1] }],
      ["Shapes", { ...base, animal: { bark: true } }],
      // The tuple variant of RunsOn holds arrays only; its schema (an anyOf branch) accepts any value.
      ["RunsOnArray", null],
      ["RunsOnArray", "ubuntu-latest"],
      // The variants of Permission hold their own JSON type only; its enum has values of three.
      ["PermissionString", true],
      ["PermissionNumber", "op"],
    ] as const) {
      const t = shapesType(type);
      expect(t.is(doc), `${type} ${JSON.stringify(doc)}: is${type} must refuse it`).toBe(false);
      expect(t.parse(JSON.stringify(doc)).ok, `${type} ${JSON.stringify(doc)}: parse${type} must refuse it`).toBe(false);
      docs.push({ type, label: "left out by the types", expectError: true, doc });
    }
    // Members typed by what they refer to (a map of Pets, a SourceFile string, a nullable Pet
    // inside an allOf, a tuple of strings narrowed from an untyped anyOf branch): a value of another type does not compile, as it would against unknown.
    for (const doc of [
      { ...base, kennel: { Fido: 1 } },
      { ...base, source: 5 },
      { ...base, previous: "Rex" },
      { ...base, runsOn: [5] },
      { ...base, permission: "admin" },
    ]) {
      docs.push({ type: "Shapes", label: "a member of another type", expectError: true, doc });
    }
    const problems = typecheck("shapes", `import type { ${SHAPES_TYPES.join(", ")} } from "../../../crosscheck/shapes/ts/src/index.js";`, docs);
    const expected = docs.filter((d) => d.expectError).length;
    console.log(`Property 11 (JSON Schema -> TypeScript types, shapes): tsc checked ${docs.length} typed constants: ${docs.length - expected} schema-valid, ${expected} refused by the types under @ts-expect-error (left out by them, or of another type); ${problems.length} disagreed`);
    expect(problems).toEqual([]);
  });
});

// The words of a union's errors, as crosscheck's TestUnionErrorsExplain checks them in Go: each
// branch's most specific error, the first three branches and a count; the branch the const of
// resourceType names reports its own errors alone (docs/validation.md, "Unions").
describe("union errors explain", () => {
  const explained = 'must match exactly one of the 4 alternatives, matches 0 (oneOf/0 at /resourceType: must be "Cat"; oneOf/1 at /resourceType: must be "Bird"; oneOf/2 at /water: missing required property "water"; and 1 more)';
  for (const [type, doc, want] of [
    ["Hash", '{"algorithm": "SHA-256", "value": "0123456789", "alg": "MD5"}', [{ pointer: "", keyword: "oneOf",
      message: 'must match exactly one of the 2 alternatives, matches 0 (oneOf/0 at /content: missing required property "content"; oneOf/1 at /value: must be at most 8 characters long)' }]],
    ["Resource", '{"resourceType": "Cat", "lives": 10}', [{ pointer: "/lives", keyword: "maximum", message: "must be <= 9" }]],
    ["Resource", '{"resourceType": "Dog"}', [{ pointer: "", keyword: "oneOf", message: explained }]],
    ["Resource", '{"resourceType": "Bag", "items": [{"resourceType": "Bag", "items": [{"resourceType": "Cow"}]}]}', [{ pointer: "/items/0/items/0", keyword: "oneOf", message: explained }]],
  ] as const) {
    it(`${type} ${doc}`, () => {
      const r = shapesType(type).parse(doc);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors).toEqual(want);
    });
  }
});

// The names the schema gives (docs/overrides.md): tsEnumNames and the titles of a oneOf of
// consts name the members of the enum's const object; the values are the schema's, and the
// validator still checks them. (The Go names are checked in crosscheck's TestShapesNamesGiven.)
describe("names given by the schema", () => {
  it("tsEnumNames and titled consts name the enum members; x-go-name leaves the TypeScript member as written", () => {
    expect(g.TicketStatus).toEqual({ Opened: "open", Closed: "closed" });
    expect(g.TicketPriority).toEqual({ Low: "lo", High: "hi" });
    const ticket: g.Ticket = { ref: "T-1", status: g.TicketStatus.Closed, priority: g.TicketPriority.High };
    expect(g.serializeTicket(ticket)).toBe('{"ref":"T-1","status":"closed","priority":"hi"}');
    const bad = g.parseTicket('{"status":"opened","priority":"mid","ref":""}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => `${e.pointer} ${e.keyword}`)).toEqual(["/ref minLength", "/status enum", "/priority oneOf"]);
  });
});
