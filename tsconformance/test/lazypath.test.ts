// The validators write a pointer only when they report a violation, test each declared
// property once and read the keys of a map in document order (docs/typescript.md,
// "Validators"). None of this may show: the violations, their pointers, messages and order are
// those of the Go package whatever the order of the members, the prototype of the object or
// the names involved.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import * as gen from "../../gen/ts/src/index.js";
import { compareCodePoints, quoteJSON } from "../../gen/ts/src/runtime.js";

function findings(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    findings: [{ kind: "weak-hash", severity: "warn" }],
    total: 1,
    counts_by_kind: { "weak-hash": 1 },
    counts_by_severity: { warn: 1 },
    capped_kinds: [],
    per_kind_limit: 5,
    _meta: { server_version: "superauditor 1.0.0" },
    ...extra,
  };
}

// withKeys builds an object whose members are entries, inserted in that order.
function withKeys(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) o[k] = v;
  return o;
}

describe("map keys in document order", () => {
  const key = fc.oneof(
    fc.string({ minLength: 1, maxLength: 4 }),
    fc.constantFrom("a", "b", "~", "/", "a/b", "\u{10000}", "\uffff", "é", "Z"),
  );
  const value = fc.oneof(fc.constant(1), fc.constant(0), fc.constant(-3), fc.constant("x"), fc.constant(2.5));
  const entries = fc.uniqueArray(fc.tuple(key, value), { selector: (e) => e[0], minLength: 0, maxLength: 8 });

  it("the violations of a map are those of its members in code point order, whatever their order in the document", () => {
    fc.assert(
      fc.property(entries, fc.boolean(), (es, severities) => {
        const sorted = [...es].sort((a, b) => compareCodePoints(a[0], b[0]));
        const member = severities ? "counts_by_severity" : "counts_by_kind";
        const got = gen.validateFindingsResponse(findings({ [member]: withKeys(es) }));
        const want = gen.validateFindingsResponse(findings({ [member]: withKeys(sorted) }));
        expect(got).toEqual(want);
        // And the violations of the member values, and those of the names, each come in code
        // point order of the keys.
        for (const names of [false, true]) {
          const keys = got.filter((x) => (x.keyword === "propertyNames") === names).map((x) => (x.pointer.split("/")[2] ?? "").replace(/~1/g, "/").replace(/~0/g, "~"));
          for (let i = 1; i < keys.length; i++) {
            expect(compareCodePoints(keys[i - 1] as string, keys[i] as string)).toBeLessThanOrEqual(0);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reports an out-of-order map once, sorted", () => {
    const errors = gen.validateFindingsResponse(findings({ counts_by_kind: withKeys([["z", 0], ["", 1], ["a", "x"]]) }));
    expect(errors.map((x) => [x.pointer, x.keyword])).toEqual([
      ["/counts_by_kind/a", "type"],
      ["/counts_by_kind/z", "minimum"],
      ["/counts_by_kind/", "propertyNames"],
    ]);
  });
});

describe("each declared property tested once", () => {
  it("reports the missing required properties first, in the order of required, then the members", () => {
    const doc = findings({ findings: [{ severity: 7 }, {}], per_kind_limit: -1 });
    delete doc["total"];
    delete doc["_meta"];
    expect(gen.validateFindingsResponse(doc).map((x) => [x.pointer, x.keyword, x.message])).toEqual([
      ["/total", "required", 'missing required property "total"'],
      ["/_meta", "required", 'missing required property "_meta"'],
      ["/findings/0/kind", "required", 'missing required property "kind"'],
      ["/findings/0/severity", "type", "expected string, got integer"],
      ["/findings/1/kind", "required", 'missing required property "kind"'],
      ["/findings/1/severity", "required", 'missing required property "severity"'],
      ["/per_kind_limit", "minimum", "must be >= 0"],
    ]);
  });

  it("counts own properties only, whatever the prototype", () => {
    const inherited = Object.create({ kind: "weak-hash", severity: "warn" }) as Record<string, unknown>;
    expect(gen.validateFinding(inherited).map((x) => x.pointer)).toEqual(["/kind", "/severity"]);

    const bare = Object.create(null) as Record<string, unknown>;
    bare["kind"] = "weak-hash";
    bare["severity"] = "warn";
    expect(gen.validateFinding(bare)).toEqual([]);

    // A member own but undefined is present (and not a string); an own __proto__ is a member.
    expect(gen.validateFinding({ kind: undefined, severity: "warn" })).toEqual([
      { pointer: "/kind", keyword: "type", message: "expected string, got undefined" },
    ]);
    const r = gen.parseFinding('{"kind": "k", "severity": "info", "__proto__": {"kind": 1}}');
    expect(r.ok).toBe(true);
  });

  it("is not fooled by members added to Object.prototype", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto["kind"] = "weak-hash";
    try {
      expect(gen.validateFinding({ severity: "warn" })).toEqual([
        { pointer: "/kind", keyword: "required", message: 'missing required property "kind"' },
      ]);
      expect(gen.validateFinding({ kind: "", severity: "warn" }).map((x) => x.keyword)).toEqual(["minLength"]);
    } finally {
      delete proto["kind"];
    }
  });
});

describe("quoteJSON", () => {
  it("quotes a property name as Go's encoding/json does", () => {
    // The right-hand sides are json.Marshal's output (Go 1.26).
    const cases: [string, string][] = [
      ["plain", '"plain"'],
      ["a<b>&c", '"a\\u003cb\\u003e\\u0026c"'],
      ["line\u2028sep\u2029", '"line\\u2028sep\\u2029"'],
      ["ctl\x01\x1f\x7f", '"ctl\\u0001\\u001f\x7f"'],
      ['tab\tnl\nquote"back\\', '"tab\\tnl\\nquote\\"back\\\\"'],
      ["\b\f\r", '"\\b\\f\\r"'],
      ["é😀", '"é😀"'],
      ["\ud800", '"\ufffd"'],
    ];
    for (const [s, want] of cases) expect(quoteJSON(s)).toBe(want);
  });
});
