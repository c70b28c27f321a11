// The runtime helpers the validators share (gen/ts/src/runtime.ts), where their result does not
// show in a verdict alone.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { MAX_DEPTH, compareCodePoints, deeperThan, esc, isInteger, isNumber, parseJSON, ptr, ptrTo, sortedIndexes, sortedKeys } from "../../gen/ts/src/runtime.js";

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

// The key loops of the validators that collect annotations run over positions in the listing
// of the keys: in code point order, the positions must name the keys sortedKeys returns.
describe("sortedIndexes", () => {
  it("returns the positions of the keys in the order of sortedKeys", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 12 }), (keys) => {
        const o: Record<string, number> = {};
        for (const k of keys) o[k] = 1;
        const listed = Object.keys(o);
        const ix = sortedIndexes(listed);
        expect([...ix].sort((a, b) => a - b)).toEqual(listed.map((_, i) => i));
        expect(ix.map((i) => listed[i])).toEqual(sortedKeys(o));
      }),
      { numRuns: 500, seed: 16 },
    );
  });

  it("orders a key above U+FFFF after U+FFFF", () => {
    expect(sortedIndexes(["b", "\u{10000}", "\uffff", "a"])).toEqual([3, 0, 2, 1]);
  });
});

// parseJSON walks the parsed value (depth, number range) only when a scan of the text says the
// walk could find something: these are the texts at the edges of those scans.
describe("parseJSON", () => {
  const refused = (text: string) => {
    const r = parseJSON(text);
    return r.ok ? "" : (r.errors[0]?.message ?? "?");
  };

  it("refuses every number beyond the range of a double, with or without an exponent", () => {
    for (const text of [
      "1" + "0".repeat(309),
      "-1" + "0".repeat(309),
      "[1" + "0".repeat(250) + "e99]",
      '{"a":1' + "0".repeat(100) + "e300}",
      "1e400",
      "1E+309",
      "[0, 2e308]",
    ]) {
      expect(refused(text), text.slice(0, 40)).toBe("number out of range");
    }
  });

  it("accepts the numbers the text scan lets through, and large ones it sends to the walk", () => {
    for (const text of ["1" + "0".repeat(99), "9".repeat(99) + "e99", "1.5e99", "-1E-99", "1e308", "1" + "0".repeat(200), "1e-400", '"e999"', '{"1e400": "' + "9".repeat(400) + '"}']) {
      expect(refused(text), text.slice(0, 40)).toBe("");
    }
  });

  it("refuses nesting deeper than MAX_DEPTH and accepts MAX_DEPTH, counting the brackets in strings or not", () => {
    const arrays = (n: number) => "[".repeat(n) + "]".repeat(n);
    const objects = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
    expect(refused(arrays(MAX_DEPTH))).toBe("");
    expect(refused(objects(MAX_DEPTH))).toBe("");
    expect(refused("[".repeat(MAX_DEPTH / 2) + '{"a":' + arrays(MAX_DEPTH / 2 - 1) + "}" + "]".repeat(MAX_DEPTH / 2))).toBe("");
    expect(refused(arrays(MAX_DEPTH + 1))).toBe("nesting exceeds " + MAX_DEPTH + " levels");
    expect(refused(objects(MAX_DEPTH + 1))).toBe("nesting exceeds " + MAX_DEPTH + " levels");
    // Brackets inside strings (after escaped quotes and backslashes too) do not count.
    expect(refused(JSON.stringify(["[".repeat(MAX_DEPTH + 1), "{".repeat(MAX_DEPTH + 1)]))).toBe("");
    expect(refused(JSON.stringify(['\\"' + "[".repeat(MAX_DEPTH + 1), "\\", "[".repeat(MAX_DEPTH)]))).toBe("");
    expect(refused(JSON.stringify(["\\", "]".repeat(MAX_DEPTH), "[".repeat(MAX_DEPTH + 1)]))).toBe("");
    // Many values side by side are not nested: a long array of objects is as deep as one.
    expect(refused("[" + '{"a":[1]},'.repeat(MAX_DEPTH) + "{}]")).toBe("");
    expect(refused("[" + '{"a":[1]},'.repeat(MAX_DEPTH) + arrays(MAX_DEPTH) + "]")).toBe("nesting exceeds " + MAX_DEPTH + " levels");
  });

  it("scans the depth of the text exactly, strings skipped, so that the walk is not needed", () => {
    const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(deeperThan(nest(3), 3)).toBe(false);
    expect(deeperThan(nest(4), 3)).toBe(true);
    expect(deeperThan("[" + "[],".repeat(5) + "[]]", 3)).toBe(false);
    expect(deeperThan(JSON.stringify(['\\"[[[[', "\\", "[[[[", "]]]]"]), 3)).toBe(false);
    expect(deeperThan(JSON.stringify([["\\"], [[["x"]]]]), 3)).toBe(true);
    expect(deeperThan('{"a":{"b":{"c":1}},"d":{"e":{"f":2}}}', 3)).toBe(false);
    expect(deeperThan('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
  });

  it("gives the verdict of a full walk on any JSON value", () => {
    // The reference: parse, then visit every value (depth and number range), as parseJSON did
    // before it scanned the text first.
    const walk = (text: string): string => {
      let root: unknown;
      try {
        root = JSON.parse(text);
      } catch {
        return "json";
      }
      const stack: [unknown, number][] = [[root, 1]];
      while (stack.length > 0) {
        const [x, depth] = stack.pop()!;
        if (typeof x === "number" && !Number.isFinite(x)) return "number out of range";
        if (typeof x === "object" && x !== null) {
          if (depth > MAX_DEPTH) return "nesting exceeds " + MAX_DEPTH + " levels";
          for (const y of Object.values(x)) stack.push([y, depth + 1]);
        }
      }
      return "";
    };
    const digits = fc.stringMatching(/^[1-9][0-9]{0,330}$/);
    const number = fc.oneof(
      fc.tuple(digits, fc.option(fc.stringMatching(/^[0-9]{1,5}$/)), fc.option(fc.stringMatching(/^[eE][+-]?[0-9]{1,4}$/))).map(([i, f, x]) => i + (f === null ? "" : "." + f) + (x ?? "")),
      fc.double().filter(Number.isFinite).map(String),
    );
    const leaf = fc.oneof(number, fc.constant('"[{e400"'), fc.constant("null"), fc.constant("true"));
    const doc = fc.tuple(leaf, fc.array(fc.constantFrom("[", '{"k":'), { maxLength: 12 }), fc.boolean()).map(([x, opens, deep]) => {
      const pre = deep ? "[".repeat(MAX_DEPTH - 5) : "";
      const post = deep ? "]".repeat(MAX_DEPTH - 5) : "";
      return pre + opens.join("") + x + opens.map((o) => (o === "[" ? "]" : "}")).reverse().join("") + post;
    });
    fc.assert(
      fc.property(doc, (text) => {
        expect(refused(text)).toBe(walk(text));
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe("numbers", () => {
  it("isNumber and isInteger: finite numbers, and those with a zero fractional part however written", () => {
    for (const text of ["1.0", "1e2", "100E-2", "0.0", "-0", "1.5e1", "12345678901234567890"]) expect(isInteger(JSON.parse(text)), text).toBe(true);
    for (const text of ["1.5", "1e-1", "-0.5", "123456.7"]) expect(isInteger(JSON.parse(text)), text).toBe(false);
    for (const v of [Number.NaN, Infinity, -Infinity, "1", null, 1n]) {
      expect(isNumber(v), String(v)).toBe(false);
      expect(isInteger(v), String(v)).toBe(false);
    }
    expect(isNumber(-1.5)).toBe(true);
    expect(isNumber(0)).toBe(true);
  });
});

describe("JSON Pointers", () => {
  it("ptr and ptrTo write RFC 6901 pointers: ~ as ~0 and / as ~1, item indexes as numbers, only the first d tokens", () => {
    const token = fc.oneof(fc.string({ unit: fc.constantFrom("~", "/", "0", "1", "a", "é"), maxLength: 6 }), fc.nat({ max: 20 }));
    const rfc6901 = (t: string | number) => (typeof t === "number" ? String(t) : [...t].map((c) => (c === "~" ? "~0" : c === "/" ? "~1" : c)).join(""));
    fc.assert(
      fc.property(fc.array(token, { maxLength: 6 }), fc.nat({ max: 6 }), token, (path, cut, last) => {
        const d = Math.min(cut, path.length);
        const want = path.slice(0, d).map((t) => "/" + rfc6901(t)).join("");
        expect(ptr(path, d)).toBe(want);
        expect(ptrTo(path, d, last)).toBe(want + "/" + rfc6901(last));
        if (typeof last === "string") expect(esc(last)).toBe(rfc6901(last));
      }),
      { numRuns: 300 },
    );
    expect(esc("~1")).toBe("~01");
    expect(esc("/~")).toBe("~1~0");
  });
});
