// The hashed searches of the runtime (uniqueItems, x-unique-by, enum) must give exactly the
// answers of a comparison of every pair with jsonEqual, whatever the order of object members.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { JSONSet, canonicalJSON, duplicateByIndexes, duplicateIndexes, jsonEqual } from "../../gen/ts/src/runtime.js";

// pairwise is the reference: the indexes of keys equal to an earlier key (undefined: no key).
function pairwise(keys: readonly unknown[]): number[] {
  const out: number[] = [];
  for (let j = 0; j < keys.length; j++) {
    if (keys[j] === undefined) continue;
    for (let i = 0; i < j; i++) {
      if (keys[i] !== undefined && jsonEqual(keys[i], keys[j])) {
        out.push(j);
        break;
      }
    }
  }
  return out;
}

// reordered rebuilds v with the members of every object in reverse order (an equal value).
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).reverse()) out[k] = reordered((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

// Few distinct atoms and keys, so that equal values and near misses are frequent.
const atom = fc.constantFrom<unknown>(null, true, false, 0, 1, 2, -1, 1.5, "", "a", "b", "1");
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    atom,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("k0", "k1", "k2", "k3"), tie("value"), { maxKeys: 3 }),
  ),
}));
// An array drawn from a pool of values, some items reordered copies.
const items = fc
  .tuple(fc.array(value, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 40 }))
  .map(([pool, picks]) => picks.map(([i, flip]) => (flip ? reordered(pool[i % pool.length]) : pool[i % pool.length])));

describe("hashed searches", () => {
  it("duplicateIndexes gives the indexes of a pairwise comparison", () => {
    fc.assert(
      fc.property(items, (xs) => {
        expect(duplicateIndexes(xs)).toEqual(pairwise(xs));
      }),
      { numRuns: 300 },
    );
  });

  it("duplicateByIndexes gives the indexes of a pairwise comparison of the members", () => {
    fc.assert(
      fc.property(items, fc.array(fc.nat(3), { minLength: 40, maxLength: 40 }), (xs, kinds) => {
        const objs = xs.map((x, i) => (kinds[i] === 0 ? x : kinds[i] === 1 ? { other: x } : { x: 1, id: x }));
        const keys = objs.map((o) =>
          o !== null && typeof o === "object" && !Array.isArray(o) && Object.prototype.hasOwnProperty.call(o, "id")
            ? (o as Record<string, unknown>)["id"]
            : undefined,
        );
        expect(duplicateByIndexes(objs, "id")).toEqual(pairwise(keys));
      }),
      { numRuns: 300 },
    );
  });

  it("JSONSet.has answers as a scan with jsonEqual", () => {
    fc.assert(
      fc.property(items, fc.array(value, { maxLength: 10 }), (values, probes) => {
        const set = new JSONSet(values);
        for (const p of [...probes, ...values.map(reordered)]) {
          expect(set.has(p)).toBe(values.some((v) => jsonEqual(v, p)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it("canonicalJSON is the same text exactly for JSON-equal values", () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(canonicalJSON(reordered(a))).toBe(canonicalJSON(a));
        expect(canonicalJSON(a) === canonicalJSON(b)).toBe(jsonEqual(a, b));
        expect(JSON.parse(canonicalJSON(a))).toEqual(a);
      }),
      { numRuns: 500 },
    );
  });

  it("canonicalJSON writes any depth without recursion", () => {
    const deep = JSON.parse("[".repeat(10_000) + "]".repeat(10_000));
    expect(canonicalJSON(deep)).toBe("[".repeat(10_000) + "]".repeat(10_000));
    expect(duplicateIndexes([deep, JSON.parse("[".repeat(10_000) + "]".repeat(10_000))])).toEqual([1]);
  });

  it("numbers compare by value and -0 equals 0", () => {
    expect(duplicateIndexes([1, 1.0, -0, 0, [1], [1.0], { a: 1, b: 2 }, { b: 2, a: 1 }])).toEqual([1, 3, 5, 7]);
  });
});
