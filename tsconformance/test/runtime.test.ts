// The runtime helpers the validators share (gen/ts/src/runtime.ts), where their result does not
// show in a verdict alone.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { compareCodePoints, sortedKeys } from "../../gen/ts/src/runtime.js";

// Keys that mix ASCII, characters below and above U+FFFF (surrogate pairs) and lone surrogates.
const key = fc.string({ unit: fc.constantFrom("a", "b", "~", "\uffff", "\ue000", "\u{10000}", "\u{1f600}", "\ud800", "\udc00"), maxLength: 4 });

describe("sortedKeys", () => {
  it("returns the own keys kept, in code point order, whether or not they come in order", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 12 }), fc.boolean(), fc.boolean(), (keys, presort, filter) => {
        const ordered = presort ? [...keys].sort(compareCodePoints) : keys;
        const o: Record<string, number> = {};
        for (const k of ordered) o[k] = 1;
        const keep = filter ? (k: string) => !k.startsWith("a") : undefined;
        const want = Object.keys(o)
          .filter((k) => keep === undefined || keep(k))
          .sort(compareCodePoints);
        expect(sortedKeys(o, keep)).toEqual(want);
      }),
      { numRuns: 500, seed: 16 },
    );
  });

  it("orders a key above U+FFFF after U+FFFF, and keeps sorted input as it is", () => {
    expect(sortedKeys({ "\u{10000}": 1, "\uffff": 1 })).toEqual(["\uffff", "\u{10000}"]);
    expect(sortedKeys({ b: 1, a: 1, c: 1 })).toEqual(["a", "b", "c"]);
    expect(sortedKeys({ a: 1, b: 1, c: 1 })).toEqual(["a", "b", "c"]);
  });
});
