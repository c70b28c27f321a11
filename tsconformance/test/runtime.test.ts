// The runtime helpers the validators share (gen/ts/src/runtime.ts), where their result does not
// show in a verdict alone.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { MAX_DEPTH, compareCodePoints, esc, isInteger, isNumber, parseJSON, ptr, ptrTo, sortedIndexes, sortedKeys } from "../../gen/ts/src/runtime.js";

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

// parseJSON against the plainest implementation of its contract: refuse text with an unpaired
// surrogate, parse, then always walk the whole value (depth, number range) and replace the
// unpaired surrogates of every string and key by U+FFFD. parseJSON skips the walk when a scan of
// the text says it cannot find anything; the two must agree on the result, value included.
describe("parseJSON against an always-walking reference", () => {
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const fix = (s: string): string => s.replace(new RegExp(LONE.source, "g"), "\ufffd");
  const reference = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
    if (LONE.test(text)) return { ok: false, message: "the text is not valid Unicode (unpaired surrogate)" };
    let root: unknown;
    try {
      root = JSON.parse(text);
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
    // Depth and range first, over the whole value, in the order of parseJSON's walk (an explicit
    // stack of containers, the last one first; the members of each in order), so that a text
    // that is both too deep and holds a number out of range gets the same one of the two.
    if (typeof root === "number" && !Number.isFinite(root)) return { ok: false, message: "number out of range" };
    const stack: [object, number][] = typeof root === "object" && root !== null ? [[root, 1]] : [];
    while (stack.length > 0) {
      const [x, depth] = stack.pop()!;
      if (depth > MAX_DEPTH) return { ok: false, message: "nesting exceeds " + MAX_DEPTH + " levels" };
      for (const y of Object.values(x)) {
        if (typeof y === "number" && !Number.isFinite(y)) return { ok: false, message: "number out of range" };
        if (typeof y === "object" && y !== null) stack.push([y, depth + 1]);
      }
    }
    // The value again, each string and each object's keys repaired: the containers in
    // preorder, then rebuilt from the last (every member before its container), with no
    // recursion (the texts nest up to MAX_DEPTH + 1 levels).
    const order: object[] = [];
    const todo: unknown[] = [root];
    while (todo.length > 0) {
      const x = todo.pop();
      if (typeof x === "object" && x !== null) {
        order.push(x);
        for (const y of Object.values(x)) todo.push(y);
      }
    }
    const rebuilt = new Map<object, unknown>();
    const get = (y: unknown): unknown => (typeof y === "string" ? fix(y) : typeof y === "object" && y !== null ? rebuilt.get(y) : y);
    for (let i = order.length - 1; i >= 0; i--) {
      const x = order[i]!;
      if (Array.isArray(x)) {
        rebuilt.set(x, x.map(get));
        continue;
      }
      const o: Record<string, unknown> = {};
      for (const [k, y] of Object.entries(x)) Object.defineProperty(o, fix(k), { value: get(y), enumerable: true, writable: true, configurable: true });
      rebuilt.set(x, o);
    }
    const repaired = get(root);
    return { ok: true, value: repaired };
  };
  const actual = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
    const r = parseJSON(text);
    if (r.ok) return r;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ pointer: "", keyword: "json" });
    return { ok: false, message: r.errors[0]!.message };
  };
  // Keys and order of keys, at every level (toEqual alone ignores the order).
  class Key {
    constructor(readonly name: string) {}
  }
  // A value written out in preorder, one line per value (with no recursion): the kind and
  // size of each container, each key in order, each primitive, -0 apart from 0.
  const shape = (x: unknown): string => {
    const out: string[] = [];
    const todo: unknown[] = [x];
    while (todo.length > 0) {
      const y = todo.pop();
      if (y instanceof Key) out.push("key " + JSON.stringify(y.name));
      else if (Array.isArray(y)) {
        out.push("[" + y.length);
        for (let i = y.length - 1; i >= 0; i--) todo.push(y[i]);
      } else if (typeof y === "object" && y !== null) {
        const ms = Object.entries(y);
        out.push("{" + ms.length);
        for (let i = ms.length - 1; i >= 0; i--) todo.push(ms[i]![1], new Key(ms[i]![0]));
      } else out.push(Object.is(y, -0) ? "-0" : JSON.stringify(y));
    }
    return out.join("\n");
  };

  // A string's characters, written raw or as \u escapes: lone surrogates (high, low), a pair,
  // brackets and quotes that must not count, digits and e that are not numbers.
  const unit = fc.constantFrom("a", "e", "E", "9", "[", "{", "]", "}", '"', "\\", "\ud800", "\udc00", "\udbff", "\u{1f600}", "\u00e9", "\\u");
  const str = fc.tuple(fc.array(fc.tuple(unit, fc.boolean()), { maxLength: 6 })).map(([cs]) => {
    let s = '"';
    for (const [c, escaped] of cs) {
      if (c === "\\u") s += "\\\\u";
      else if (c === '"' || c === "\\") s += "\\" + c;
      else if (escaped && c.length === 1) s += "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
      else if (escaped) s += [...c].map((_, i) => "\\u" + c.charCodeAt(i).toString(16).padStart(4, "0")).join("") + "\\u" + c.charCodeAt(1).toString(16);
      else s += c;
    }
    return s + '"';
  });
  const num = fc.oneof(
    fc.constantFrom("-0", "0", "-0.0", "1e308", "1e309", "-1e309", "1E+400", "1e-400", "2e-3", "0e999", "1" + "0".repeat(99), "1" + "0".repeat(309), "9".repeat(100), "0." + "0".repeat(400) + "1"),
    fc.tuple(fc.stringMatching(/^-?(0|[1-9][0-9]{0,320})$/), fc.option(fc.stringMatching(/^[0-9]{1,4}$/)), fc.option(fc.stringMatching(/^[eE][+-]?[0-9]{1,4}$/))).map(([i, f, x]) => i + (f === null ? "" : "." + f) + (x ?? "")),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, num, str, fc.constantFrom("true", "false", "null"), tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 4 }).map((xs) => "[" + (xs as string[]).join(",") + "]"),
    object: fc.array(fc.tuple(str, tie("value")), { maxLength: 4 }).map((ms) => "{" + (ms as [string, string][]).map(([k, v]) => k + ":" + v).join(",") + "}"),
  }));
  // Around a value: nothing, or arrays and objects just below, at or just above MAX_DEPTH
  // (nested, or side by side);
  // sometimes the text is cut short (not JSON) or padded with white space.
  const text = fc
    .tuple(value as fc.Arbitrary<string>, fc.constantFrom(0, 0, 0, MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1), fc.boolean(), fc.nat(), fc.boolean(), fc.option(num), fc.boolean())
    .map(([v, levels, objects, cut, spaced, beside, flat]) => {
      const open = objects ? '{"k":' : "[";
      const close = objects ? "}" : "]";
      // Nested, or as many brackets side by side (more than MAX_DEPTH, and shallow).
      let t = flat ? "[" + (open + "0" + close + ",").repeat(levels) + v + "]" : open.repeat(levels) + v + close.repeat(levels);
      // A number beside the nested value, one level up: deep texts with large numbers.
      if (beside !== null) t = "[" + beside + "," + t + "]";
      if (spaced) t = " \n" + t + "\t ";
      if (cut % 7 === 0) t = t.slice(0, cut % (t.length + 1));
      return t;
    });

  it("gives the reference's verdict, message and value on random texts", () => {
    fc.assert(
      fc.property(text, (t) => {
        const want = reference(t);
        const got = actual(t);
        expect(got.ok).toBe(want.ok);
        if (!want.ok && !got.ok) expect(got.message).toBe(want.message);
        if (want.ok && got.ok) expect(shape(got.value)).toBe(shape(want.value));
      }),
      { numRuns: 400, seed: 32 },
    );
  });
});
