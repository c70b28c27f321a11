// Properties 1, 2, 3, 4, 8 and 9 of the skill-sharing protocol on the generated TypeScript
// package, with ajv on the canonical schema as the independent oracle.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import {
  AccessValues,
  CapabilityTypeValues,
  InvalidVersionError,
  parseInvocationRequest,
  parseInvocationResponse,
  parseFindingsResponse,
  parseSkillDescriptor,
  parseVersion,
  serializeSkillDescriptor,
  validateProtocolVersion,
  validateSkillDescriptor,
} from "../../gen/ts/src/index.js";
import type { SkillDescriptor, Version } from "../../gen/ts/src/index.js";
import {
  arbitraryInvocationRequest,
  arbitraryInvocationResponse,
  arbitrarySemVer,
  arbitrarySkillDescriptor,
} from "../../gen/ts/src/arbitraries.js";
import { ajvCheck, canonical, schemaStrings, TOP_LEVEL_TYPES } from "./support/schema.js";
import type { TopLevelType } from "./support/schema.js";
import { generated } from "./support/generated.js";
import { asJson, mutate, mutationsOf } from "./support/mutations.js";
import type { Json } from "./support/mutations.js";

const RUNS = 200;

const DESCRIPTOR_REQUIRED = ["protocol", "id", "name", "version", "capability_type", "description", "provider", "endpoint", "inputs", "output", "auth", "access"] as const;

function without(doc: unknown, fields: readonly string[]): Record<string, Json> {
  const copy = asJson(doc) as Record<string, Json>;
  for (const f of fields) delete copy[f];
  return copy;
}

function requiredPointers(errors: readonly { pointer: string; keyword: string }[], base = ""): string[] {
  return errors.filter((e) => e.keyword === "required").map((e) => e.pointer.slice(base.length));
}

describe("skill-sharing protocol properties", () => {
  it("Feature: skill-sharing-protocol, Property 1: a SkillDescriptor missing any required field fails validation naming it", () => {
    fc.assert(
      fc.property(arbitrarySkillDescriptor(), fc.subarray([...DESCRIPTOR_REQUIRED], { minLength: 1 }), (d, removed) => {
        // A valid descriptor has all twelve fields, protocol.version included.
        for (const f of DESCRIPTOR_REQUIRED) expect(Object.prototype.hasOwnProperty.call(d, f)).toBe(true);
        expect(typeof d.protocol.version).toBe("string");
        expect(ajvCheck("SkillDescriptor", asJson(d)).valid).toBe(true);
        // Without any of them it fails, one "required" error per missing field, in schema order.
        const broken = without(d, removed);
        const errors = validateSkillDescriptor(broken);
        expect(requiredPointers(errors)).toEqual(removed.map((f) => `/${f}`));
        expect(errors.filter((e) => e.keyword !== "required")).toEqual([]);
        const parsed = parseSkillDescriptor(JSON.stringify(broken));
        expect(parsed.ok).toBe(false);
        const oracle = ajvCheck("SkillDescriptor", broken);
        expect(oracle.valid).toBe(false);
        expect(oracle.errors.filter((e) => e.keyword === "required" && e.instancePath === "").map((e) => e.params["missingProperty"])).toEqual(removed);
      }),
      { numRuns: RUNS },
    );
  });

  it("Feature: skill-sharing-protocol, Property 2: capability_type, access and auth.type take only their listed values", () => {
    // The closed vocabularies as the specification lists them (blueprint 12.2).
    const CAPABILITY = ["plugin", "api", "knowledge", "task"];
    const ACCESS = ["public", "restricted", "private"];
    const AUTH = ["api_key", "oauth2", "custom", "none"];
    // A valid auth object of each listed type.
    const MINIMAL_AUTH: Record<string, Record<string, Json>> = {
      api_key: { type: "api_key", in: "header", name: "X-Api-Key" },
      oauth2: { type: "oauth2", token_url: "https://auth.example.com/token" },
      custom: { type: "custom", scheme: "hmac-sha256-v1" },
      none: { type: "none" },
    };
    const fields = [
      { pointer: "/capability_type", values: CAPABILITY, keyword: "enum", set: (d: Record<string, Json>, v: string) => void (d["capability_type"] = v) },
      { pointer: "/access", values: ACCESS, keyword: "enum", set: (d: Record<string, Json>, v: string) => void (d["access"] = v) },
      {
        pointer: "/auth/type",
        values: AUTH,
        keyword: "oneOf",
        set: (d: Record<string, Json>, v: string) => {
          const auth = Object.prototype.hasOwnProperty.call(MINIMAL_AUTH, v) ? MINIMAL_AUTH[v] : undefined;
          if (auth !== undefined) d["auth"] = { ...auth };
          else (d["auth"] as Record<string, Json>)["type"] = v;
        },
      },
    ];
    // Every string value of the schema files: a value the schema admits for a closed vocabulary
    // is among them, so each must be refused unless the specification lists it.
    const candidates = [...schemaStrings()].filter((v) => v.length <= 64).sort();
    const verdict = (doc: Record<string, Json>, field: (typeof fields)[number], v: string) => {
      const listed = field.values.includes(v);
      const errors = validateSkillDescriptor(doc);
      const oracle = ajvCheck("SkillDescriptor", doc);
      if (listed) {
        expect(errors, `${field.pointer} = ${JSON.stringify(v)} is listed by the specification`).toEqual([]);
        expect(oracle.valid).toBe(true);
        expect(parseSkillDescriptor(JSON.stringify(doc)).ok).toBe(true);
      } else {
        expect(errors.map((e) => [e.pointer, e.keyword]), `${field.pointer} = ${JSON.stringify(v)} is not listed`).toEqual([[field.pointer, field.keyword]]);
        expect(oracle.valid).toBe(false);
        expect(oracle.pointers).toContain(field.pointer);
      }
    };
    fc.assert(
      fc.property(
        arbitrarySkillDescriptor(),
        fc.constantFrom(...fields),
        fc.oneof(fc.constantFrom(...CAPABILITY, ...ACCESS, ...AUTH), fc.constantFrom(...candidates), fc.string({ maxLength: 12 })),
        (d, field, value) => {
          expect(CAPABILITY).toContain(d.capability_type);
          expect(ACCESS).toContain(d.access);
          expect(AUTH).toContain(d.auth.type);
          const doc = asJson(d) as Record<string, Json>;
          field.set(doc, value);
          verdict(doc, field, value);
        },
      ),
      { numRuns: RUNS },
    );
    // Both directions exhaustively, on one valid descriptor: every listed value is accepted and
    // every other string of the schema files is refused.
    const base = fc.sample(arbitrarySkillDescriptor(), { numRuns: 1, seed: 7 })[0];
    for (const field of fields) {
      for (const v of [...field.values, ...candidates]) {
        const doc = asJson(base) as Record<string, Json>;
        field.set(doc, v);
        verdict(doc, field, v);
      }
    }
    // The generated value lists hold exactly the listed values.
    expect([...CapabilityTypeValues].sort()).toEqual([...CAPABILITY].sort());
    expect([...AccessValues].sort()).toEqual([...ACCESS].sort());
  });

  it("Feature: skill-sharing-protocol, Property 3: parse(serialize(descriptor)) equals descriptor", () => {
    // Descriptors with private "x-" extension members, which must survive the round trip too.
    const withExtensions = fc
      .tuple(arbitrarySkillDescriptor(), fc.dictionary(fc.string({ maxLength: 8 }).map((k) => `x-${k}`), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }))
      .map(([d, ext]): SkillDescriptor => ({ ...d, ...(asJson(ext) as Record<string, Json>) }));
    fc.assert(
      fc.property(withExtensions, (d) => {
        const text = serializeSkillDescriptor(d);
        const parsed = parseSkillDescriptor(text);
        if (!parsed.ok) throw new Error(`parse failed: ${JSON.stringify(parsed.errors)}`);
        // Semantic (JSON) equality, and the same text again when re-serialised.
        expect(canonical(parsed.value)).toBe(canonical(d));
        expect(parsed.value).toEqual(asJson(d));
        expect(serializeSkillDescriptor(parsed.value)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it("Feature: skill-sharing-protocol, Property 4: conforming documents parse, others fail naming the field and the reason", () => {
    const cases = fc.constantFrom(...TOP_LEVEL_TYPES).chain((t: TopLevelType) =>
      fc.tuple(fc.constant(t), generated[t].arbitrary(), fc.constantFrom(...mutationsOf(t))),
    );
    // A member name with "~" and "/" (RFC 6901 writes them "~0" and "~1", in that order) and a
    // count that breaks the schema under it.
    const escaping = fc.tuple(fc.string({ unit: fc.constantFrom("~", "/", "0", "1", "a", "é"), minLength: 1, maxLength: 10 }), fc.constantFrom("0", "-3", "1.5", '"2"', "null"));
    let rejected = 0;
    fc.assert(
      fc.property(cases, escaping, ([t, doc, mu], [key, count]) => {
        // The field is named by its RFC 6901 pointer, character by character: "~" as "~0" and "/"
        // as "~1", so that the pointer decodes back to the member's name.
        const token = [...key].map((c) => (c === "~" ? "~0" : c === "/" ? "~1" : c)).join("");
        const counted = parseFindingsResponse(
          `{"findings":[],"total":0,"counts_by_kind":{${JSON.stringify(key)}:${count}},"counts_by_severity":{},"capped_kinds":[],"per_kind_limit":5,"_meta":{"server_version":"1"}}`,
        );
        if (counted.ok) throw new Error(`counts_by_kind ${JSON.stringify(key)}: ${count} accepted`);
        for (const e of counted.errors) {
          expect(e.pointer).toBe(`/counts_by_kind/${token}`);
          expect(e.message.length).toBeGreaterThan(0);
        }
        expect(token.replace(/~1/g, "/").replace(/~0/g, "~")).toBe(key);
        const g = generated[t];
        // Conforming: parses into a structured object equal to the document; ajv agrees.
        const text = JSON.stringify(doc);
        const ok = g.parse(text);
        if (!ok.ok) throw new Error(`${t} rejected a valid document: ${JSON.stringify(ok.errors)}`);
        expect(ok.value).toEqual(asJson(doc));
        expect(ajvCheck(t, asJson(doc)).errors).toEqual([]);
        // Non-conforming: fails with an error naming the field (pointer) and the reason (keyword, message).
        const bad = mutate(doc, mu);
        if (bad === null) return;
        rejected++;
        const res = g.parse(JSON.stringify(bad.doc));
        if (res.ok) throw new Error(`${t}: ${mu.name} accepted: ${JSON.stringify(bad.doc)}`);
        expect(res.errors.map((e) => `${e.pointer} ${e.keyword}`)).toContain(`${bad.pointer} ${mu.keyword}`);
        for (const e of res.errors) expect(e.message.length).toBeGreaterThan(0);
        const oracle = ajvCheck(t, bad.doc);
        expect(oracle.valid).toBe(false);
        expect(oracle.pointers).toContain(bad.pointer);
      }),
      { numRuns: 1000 },
    );
    expect(rejected).toBeGreaterThan(100);
  });

  it("checkT gives for an already-parsed value what parseT gives for its text (the Property 4 contract on values)", () => {
    const cases = fc.constantFrom(...TOP_LEVEL_TYPES).chain((t: TopLevelType) =>
      fc.tuple(fc.constant(t), generated[t].arbitrary(), fc.option(fc.constantFrom(...mutationsOf(t)), { nil: undefined })),
    );
    fc.assert(
      fc.property(cases, ([t, doc, mu]) => {
        const g = generated[t];
        const bad = mu === undefined ? null : mutate(doc, mu);
        const value = bad === null ? asJson(doc) : bad.doc;
        const checked = g.check(value);
        expect(checked).toEqual(g.parse(JSON.stringify(value)));
        if (checked.ok) {
          expect(bad).toBeNull();
          expect(checked.value).toBe(value); // the value itself, typed: no copy
        } else {
          expect(checked.errors).toEqual(g.validate(value));
          expect(checked.errors.map((e) => `${e.pointer} ${e.keyword}`)).toContain(`${bad?.pointer} ${mu?.keyword}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("Feature: skill-sharing-protocol, Property 8: invocation requests and responses carry their required fields", () => {
    const REQUEST = ["caller", "skill_id", "inputs"];
    const RESPONSE = ["execution_id", "status", "skill_id", "timestamps"];
    const cases = fc.oneof(
      fc.tuple(fc.constant("InvocationRequest" as const), arbitraryInvocationRequest().map(asJson), fc.subarray(REQUEST)),
      fc.tuple(fc.constant("InvocationResponse" as const), arbitraryInvocationResponse().map(asJson), fc.subarray(RESPONSE)),
    );
    fc.assert(
      fc.property(cases, ([t, doc, removed]) => {
        const fields = t === "InvocationRequest" ? REQUEST : RESPONSE;
        const o = doc as Record<string, Json>;
        for (const f of fields) expect(Object.prototype.hasOwnProperty.call(o, f)).toBe(true);
        if (t === "InvocationRequest") {
          const caller = o["caller"] as Record<string, Json>;
          expect(typeof caller["id"]).toBe("string");
          expect(typeof caller["type"]).toBe("string");
        }
        const broken = without(doc, removed);
        const res = t === "InvocationRequest" ? parseInvocationRequest(JSON.stringify(broken)) : parseInvocationResponse(JSON.stringify(broken));
        const oracle = ajvCheck(t, broken);
        if (removed.length === 0) {
          expect(res.ok).toBe(true);
          expect(oracle.valid).toBe(true);
          return;
        }
        if (res.ok) throw new Error(`${t} without ${removed.join(", ")} accepted`);
        expect(requiredPointers(res.errors)).toEqual(removed.map((f) => `/${f}`));
        expect(oracle.valid).toBe(false);
        for (const f of removed) expect(oracle.pointers).toContain(`/${f}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("Feature: skill-sharing-protocol, Property 9: protocol versions are SemVer MAJOR.MINOR.PATCH with non-negative integers", () => {
    // An oracle written without regular expressions: three dot-separated non-negative decimal
    // integers without leading zeros; the schema allows at most 64 characters in all, and
    // parseVersion (whose numbers are compared exactly) each number up to 2^64-1.
    const isDecimal = (s: string) => s.length > 0 && [...s].every((c) => c >= "0" && c <= "9") && (s === "0" || s[0] !== "0");
    const wellFormed = (v: string) => v.split(".").length === 3 && v.split(".").every(isDecimal);
    const oracle = (v: string) => v.length <= 64 && wellFormed(v);
    const UINT64_MAX = 2n ** 64n - 1n;
    const inRange = (v: string) => v.split(".").every((p) => BigInt(p) <= UINT64_MAX);
    const part = fc.oneof(
      fc.nat().map(String),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      // Around the top of the 64-bit range.
      fc.bigInt({ min: UINT64_MAX - 3n, max: UINT64_MAX + 3n }).map(String),
      // Leading zeros, signs, exponents, letters, spaces, non-ASCII digits.
      fc.nat().map((n) => "0" + String(n)),
      fc.constantFrom("00", "01", "-1", "+1", "-0", "1e3", "0x1", "x", "", " 1", "1 ", "１", "٣"),
    );
    const candidates = fc.oneof(
      arbitrarySemVer(),
      fc.tuple(part, part, part).map((p) => p.join(".")),
      fc.array(part, { maxLength: 5 }).map((p) => p.join(".")),
      // Pre-release and build suffixes, and other trailing text.
      fc.tuple(fc.oneof(arbitrarySemVer(), fc.tuple(part, part, part).map((p) => p.join("."))), fc.constantFrom("-alpha", "+build", "-rc.1", "-0", "+001", ".0", "\n", " ", "-alpha+build")).map(([v, s]) => v + s),
      fc.tuple(fc.constantFrom("v", "=", " ", "V"), arbitrarySemVer()).map(([p, v]) => p + v),
      fc.string({ maxLength: 12 }),
    );
    let valid = 0;
    let parsed = 0;
    fc.assert(
      fc.property(candidates, (v) => {
        const errors = validateProtocolVersion({ version: v });
        const expected = oracle(v);
        expect(errors.length === 0).toBe(expected);
        expect(ajvCheck("ProtocolVersion", { version: v }).valid).toBe(expected);
        if (expected) {
          valid++;
          for (const p of v.split(".")) expect(BigInt(p) >= 0n).toBe(true);
        } else {
          expect(errors.length).toBeGreaterThan(0);
          expect(new Set(errors.map((e) => e.pointer))).toEqual(new Set(["/version"]));
        }
        // parseVersion accepts exactly the schema's pattern with every number within 64 bits,
        // and gives back the numbers and the text.
        let version: Version | undefined;
        let thrown: unknown;
        try {
          version = parseVersion(v);
        } catch (err) {
          thrown = err;
        }
        if (wellFormed(v) && inRange(v)) {
          parsed++;
          if (version === undefined) throw new Error(`parseVersion(${JSON.stringify(v)}) threw ${String(thrown)}`);
          const [major, minor, patch] = v.split(".").map((p) => BigInt(p));
          expect([version.major, version.minor, version.patch]).toEqual([major, minor, patch]);
          expect(version.toString()).toBe(v);
        } else {
          expect(version, `parseVersion(${JSON.stringify(v)})`).toBeUndefined();
          expect(thrown).toBeInstanceOf(InvalidVersionError);
          expect((thrown as InvalidVersionError).version).toBe(v);
        }
      }),
      { numRuns: 1000 },
    );
    expect(valid).toBeGreaterThan(0);
    expect(parsed).toBeGreaterThan(valid / 2);
  });
});
