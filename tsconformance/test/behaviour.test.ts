// Properties 5, 7 and 10 of the skill-sharing protocol on the behaviour functions of the
// generated TypeScript package (src/protocol.ts), and the index rule of Property 6 on buildIndex
// (Property 6 over HTTP is in http.test.ts), with ajv as the oracle for every document.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import {
  buildIndex,
  checkCompatibility,
  checkDocumentProtocol,
  descriptorPath,
  DuplicateIDError,
  filterByCapability,
  filterEntriesByCapability,
  IndexError,
  validateSkillDescriptor,
  validateSkillIndex,
  VersionIncompatibleError,
  WELL_KNOWN_INDEX_PATH,
} from "../../gen/ts/src/index.js";
import type { Access, SkillDescriptor, SkillIndex } from "../../gen/ts/src/index.js";
import { arbitraryCapabilityType, arbitrarySkillDescriptor, arbitrarySkillIndex } from "../../gen/ts/src/arbitraries.js";
import { ajvCheck } from "./support/schema.js";
import { asJson } from "./support/mutations.js";

const RUNS = 200;
const ORIGIN = "https://provider.example";

/** A provider's skills: distinct ids, every access level represented often. */
const providerSkills = (maxLength: number) =>
  fc
    .uniqueArray(
      fc.tuple(arbitrarySkillDescriptor(), fc.constantFrom<Access>("public", "restricted", "private")).map(([d, access]): SkillDescriptor => ({ ...d, access })),
      { selector: (d) => d.id, maxLength },
    );

function ids(xs: readonly { id: string }[]): string[] {
  return xs.map((x) => x.id);
}

describe("skill-sharing protocol behaviour properties", () => {
  it("Feature: skill-sharing-protocol, Property 5: skill ids are unique within an index", () => {
    fc.assert(
      fc.property(arbitrarySkillIndex(), providerSkills(8), fc.boolean(), fc.nat(), (index, descs, authenticated, at) => {
        // Every valid index has distinct ids.
        expect(new Set(ids(index.skills)).size).toBe(index.skills.length);
        // buildIndex never produces a repeated id, in either view.
        const built = buildIndex(descs, { authenticated });
        expect(new Set(ids(built.skills)).size).toBe(built.skills.length);
        expect(ajvCheck("SkillIndex", asJson(built)).valid).toBe(true);
        if (descs.length === 0) return;
        // A repeated id is refused: by buildIndex (naming both positions) ...
        const first = descs[0] as SkillDescriptor;
        const pos = 1 + (at % descs.length);
        const dup = [...descs.slice(0, pos), { ...first }, ...descs.slice(pos)];
        let thrown: unknown;
        try {
          buildIndex(dup, { authenticated });
        } catch (e) {
          thrown = e;
        }
        expect(thrown).toBeInstanceOf(IndexError);
        const dups = (thrown as IndexError).errors.filter((e): e is DuplicateIDError => e instanceof DuplicateIDError);
        expect(dups.map((e) => [e.id, e.first, e.second])).toEqual([[first.id, 0, pos]]);
        // ... and by validateSkillIndex and ajv (x-unique-by) on an index that repeats an entry.
        const all = buildIndex(descs, { authenticated: true });
        const entry = all.skills[0];
        if (entry === undefined) return;
        const bad: SkillIndex = { ...all, skills: [...all.skills, { ...entry }] };
        const pointer = `/skills/${all.skills.length}/id`;
        expect(validateSkillIndex(bad).map((e) => [e.pointer, e.keyword])).toEqual([[pointer, "x-unique-by"]]);
        const oracle = ajvCheck("SkillIndex", asJson(bad));
        expect(oracle.valid).toBe(false);
        expect(oracle.pointers).toEqual([pointer]);
      }),
      { numRuns: RUNS },
    );
  });

  // Property 6 itself is proven over HTTP in http.test.ts; this is the same rule on buildIndex
  // alone, with the absolute descriptor URLs of IndexOptions.baseURL as well.
  it("buildIndex: the unauthenticated view lists every non-private skill and no private one, and every descriptor_url resolves to a valid descriptor (with and without baseURL)", () => {
    fc.assert(
      fc.property(providerSkills(10), fc.constantFrom(undefined, ORIGIN, `${ORIGIN}/`), (descs, baseURL) => {
        const index = buildIndex(descs, baseURL === undefined ? {} : { baseURL });
        expect(validateSkillIndex(index)).toEqual([]);
        expect(ajvCheck("SkillIndex", asJson(index)).errors).toEqual([]);
        // Exactly the skills whose access is not private, in the provider's order.
        expect(ids(index.skills)).toEqual(ids(descs.filter((d) => d.access !== "private")));
        for (const e of index.skills) expect(e.access).not.toBe("private");
        // What the provider serves: each descriptor at its path.
        const served = new Map<string, SkillDescriptor>(descs.map((d) => [new URL(descriptorPath(d.id), ORIGIN).href, d]));
        const indexURL = new URL(WELL_KNOWN_INDEX_PATH, ORIGIN).href;
        for (const e of index.skills) {
          // descriptor_url is resolved against the URL the index was fetched from.
          const url = new URL(e.descriptor_url, indexURL).href;
          const d = served.get(url);
          if (d === undefined) throw new Error(`${e.descriptor_url} resolves to ${url}, which serves nothing`);
          expect(d.id).toBe(e.id);
          expect(validateSkillDescriptor(asJson(d))).toEqual([]);
          expect(ajvCheck("SkillDescriptor", asJson(d)).errors).toEqual([]);
          expect([e.name, e.version, e.capability_type, e.access]).toEqual([d.name, d.version, d.capability_type, d.access]);
        }
        // The authenticated view adds the private skills and nothing else.
        expect(ids(buildIndex(descs, { authenticated: true }).skills)).toEqual(ids(descs));
      }),
      { numRuns: RUNS },
    );
  });

  it("Feature: skill-sharing-protocol, Property 7: filtering by a capability type keeps exactly the skills of that type, in order", () => {
    fc.assert(
      fc.property(fc.array(arbitrarySkillDescriptor(), { maxLength: 12 }), arbitrarySkillIndex(), arbitraryCapabilityType(), (descs, index, t) => {
        const before = JSON.stringify(descs);
        const out = filterByCapability(descs, t);
        expect(JSON.stringify(descs)).toBe(before); // the input is not modified
        for (const d of out) expect(d.capability_type).toBe(t);
        // Every skill of that type is in the result, in the original order, and nothing else.
        const want: SkillDescriptor[] = [];
        for (const d of descs) if (d.capability_type === t) want.push(d);
        expect(out.length).toBe(want.length);
        out.forEach((d, i) => expect(d).toBe(want[i]));
        // The same for index entries, by membership both ways: every result has the type and is
        // one of the entries, every entry of the type is in the result, in the original order.
        const entries = filterEntriesByCapability(index.skills, t);
        for (const e of entries) {
          expect(e.capability_type).toBe(t);
          expect(index.skills).toContain(e);
        }
        for (const e of index.skills) expect(entries.includes(e)).toBe(e.capability_type === t);
        const positions = entries.map((e) => index.skills.indexOf(e));
        expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
        expect(entries.length).toBe(index.skills.filter((e) => e.capability_type === t).length);
      }),
      { numRuns: RUNS },
    );
  });

  it("Feature: skill-sharing-protocol, Property 10: a descriptor whose protocol major differs from the consumer's is rejected with a version-incompatibility error, the same major is processed", () => {
    const UINT64_MAX = (1n << 64n) - 1n;
    const num = fc.oneof(fc.bigInt({ min: 0n, max: 5n }), fc.bigInt({ min: 0n, max: UINT64_MAX }));
    const version = fc.tuple(num, num, num);
    const cases = fc.oneof(
      fc.tuple(version, version),
      // Same MAJOR, any MINOR and PATCH.
      fc.tuple(version, version).map(([d, c]) => [d, [d[0], c[1], c[2]]] as const),
      // Greater MAJOR (both within the 64-bit range parseVersion accepts).
      fc.tuple(version, version, fc.bigInt({ min: 1n, max: 10n })).map(([d, c, k]) => {
        const cm = c[0] > UINT64_MAX - 10n ? UINT64_MAX - 10n : c[0];
        return [[cm + k, d[1], d[2]], [cm, c[1], c[2]]] as const;
      }),
    );
    let greater = 0;
    let same = 0;
    fc.assert(
      fc.property(cases, arbitrarySkillDescriptor(), ([d, c], descriptor) => {
        const dv = d.join(".");
        const cv = c.join(".");
        const doc = JSON.stringify({ ...descriptor, protocol: { version: dv } });
        const outcome = (f: () => void): unknown => {
          try {
            f();
            return null;
          } catch (e) {
            return e;
          }
        };
        const direct = outcome(() => checkCompatibility(dv, cv));
        const fromDocument = outcome(() => checkDocumentProtocol(doc, cv));
        if (d[0] === c[0]) {
          same++;
          expect(direct).toBeNull();
          expect(fromDocument).toBeNull();
        } else {
          if (d[0] > c[0]) greater++;
          for (const err of [direct, fromDocument]) {
            expect(err).toBeInstanceOf(VersionIncompatibleError);
            const e = err as VersionIncompatibleError;
            expect(e.code).toBe("version_incompatible");
            expect(e.descriptor.major).toBe(d[0]);
            expect(e.consumer.major).toBe(c[0]);
            expect(e.message).toContain(dv);
            expect(e.message).toContain(cv);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(greater).toBeGreaterThan(0);
    expect(same).toBeGreaterThan(0);
  });
});
