// Runs the fixture's generated package: (pointer, keyword) lists of docs/validation.md, the
// parse edge cases and the arbitraries.
import * as api from "./dist/index.js";
import * as arbs from "./dist/arbitraries.js";
import { checkArbitraries } from "./arbitraries.mjs";

const ok = { id: "a", price: 1, auth: { type: "none" } };
const with_ = (extra) => JSON.stringify({ ...ok, ...extra });

// [type, JSON text, expected [pointer, keyword] pairs]
const cases = [
  ["Everything", JSON.stringify(ok), []],
  ["Everything", "{}", [["/id", "required"], ["/price", "required"], ["/auth", "required"]]],
  ["Everything", "[]", [["", "type"]]],
  [
    "Everything",
    JSON.stringify({
      id: "A", price: 0.00075, count: 7, tags: ["a", "a", "toolong"], auth: { type: "x" },
      auths: [{ type: "api_key", in: "header", name: "n" }, { type: "api_key", in: "query", name: "n" }],
      done: true, zzz: 1, "x-a": 2, "a/b": 1.5, forbidden: 1,
    }),
    [
      ["/id", "pattern"], ["/price", "multipleOf"], ["/count", "multipleOf"], ["/tags/1", "uniqueItems"],
      ["/tags/2", "maxLength"], ["/auth/type", "oneOf"], ["/auths/1/name", "x-unique-by"], ["/a~1b", "type"],
      ["/x-a", "type"], ["/forbidden", "additionalProperties"], ["/zzz", "additionalProperties"],
      ["/started", "dependentRequired"], ["", "not"],
    ],
  ],
  ["Everything", with_({ done: true, started: false }), [["/count", "required"]]],
  ["Everything", '{"id":"a","price":1,"auth":{"type":"none"},"__proto__":5}', [["/__proto__", "type"]]],
  ["Everything", with_({ constructor: "x" }), [["/constructor", "additionalProperties"]]],
  ["Everything", with_({ auth: 5 }), [["/auth", "type"]]],
  ["Everything", with_({ auth: {} }), [["/auth/type", "required"]]],
  ["Everything", with_({ auth: { type: "api_key" } }), [["/auth/in", "required"], ["/auth/name", "required"]]],
  ["Everything", with_({ auth: { type: "none", extra: 1 } }), [["/auth/extra", "additionalProperties"]]],
  ["Everything", with_({ price: 0.0075 }), []],
  ["Everything", with_({ price: 1e-7 }), [["/price", "multipleOf"]]],
  ["Everything", with_({ price: 0 }), [["/price", "exclusiveMinimum"]]],
  ["Everything", with_({ count: null }), []],
  ["Everything", with_({ count: -10 }), [["/count", "minimum"]]],
  ["Everything", with_({ count: 100 }), [["/count", "exclusiveMaximum"]]],
  ["Everything", with_({ auths: [] }), [["/auths", "minItems"]]],
  ["Everything", with_({ tags: ["a", "b", "c", "d", "e", "f"] }), [["/tags", "maxItems"]]],
  ["Counts", '{"public":1,"bogus":0}', [["/bogus", "minimum"], ["/bogus", "propertyNames"]]],
  ["Counts", '{"\\ud800\\udc00":1,"\\uffff":1}', [["/\uffff", "propertyNames"], ["/\u{10000}", "propertyNames"]]],
  ["Counts", '{"a~b":1}', [["/a~0b", "propertyNames"]]],
  ["Tree", '{"label":"abcd","children":[{"label":1},{}]}', [["/label", "maxLength"], ["/children/0/label", "type"], ["/children/1/label", "required"]]],
  ["Tree", '{"label":"\u{1F600}\u{1F600}\u{1F600}"}', []],
  ["Tree", '{"label":"\u{1F600}\u{1F600}\u{1F600}\u{1F600}"}', [["/label", "maxLength"]]],
  ["Tree", '{"label":"\\ud800"}', []],
  ["Tree", '{"label":"\ud800"}', [["", "json"]]],
  ["Tree", "{", [["", "json"]]],
  ["Tree", '{"label":"a"} x', [["", "json"]]],
  ["Tree", '{"label":"a","n":1e400}', [["", "json"]]],
  ["Tree", "-1e400", [["", "json"]]],
  ["Tree", "[".repeat(10001) + "]".repeat(10001), [["", "json"]]],
  ["Tree", "[".repeat(10000) + "]".repeat(10000), [["", "type"]]],
  ["Tree", '"' + "[".repeat(20000) + '"', [["", "type"]]],
  ["Auth", '{"type":"api_key","in":"query","name":"k"}', []],
  ["Auth", '{"type":"none","in":"query"}', [["/in", "additionalProperties"]]],
  ["Access", '"public"', []],
  ["Access", '"Public"', [["", "enum"]]],
  ["SkillID", '"a.b-c"', []],
  ["SkillID", '"-a"', [["", "pattern"]]],
];

let failed = 0;
for (const [type, text, want] of cases) {
  const r = api["parse" + type](text);
  const got = r.ok ? [] : r.errors.map((e) => [e.pointer, e.keyword]);
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    failed++;
    console.log(`parse${type}(${text.slice(0, 80)}):\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
  }
}

// Escaped unpaired surrogates decode to U+FFFD.
const lone = api.parseTree('{"label":"\\ud800","\\udc00x":1}');
if (!lone.ok || lone.value.label !== "\ufffd" || !Object.hasOwn(lone.value, "\ufffdx")) {
  failed++;
  console.log("unpaired surrogate escapes are not replaced", JSON.stringify(lone));
}
// Of two keys equal after the replacement, the later member wins (as in Go).
for (const [text, want] of [['{"label":"a","\\ud800":1,"\ufffd":2}', 2], ['{"label":"a","\ufffd":2,"\\ud800":1}', 1]]) {
  const r = api.parseTree(text);
  if (!r.ok || r.value["\ufffd"] !== want) {
    failed++;
    console.log("duplicate keys after replacement", text, JSON.stringify(r));
  }
}
// __proto__ stays an own property, never the prototype.
const proto = api.parseEverything('{"id":"a","price":1,"auth":{"type":"none"},"__proto__":"x"}');
if (!proto.ok || Object.getPrototypeOf(proto.value) !== Object.prototype || !Object.hasOwn(proto.value, "__proto__")) {
  failed++;
  console.log("__proto__ mishandled");
}
// Values that are not JSON are rejected by validators.
for (const v of [undefined, NaN, Infinity, () => 1, 1n]) {
  if (api.isTree(v)) {
    failed++;
    console.log("accepted a non-JSON value", String(v));
  }
}
if (api.AccessValues.join() !== "public,restricted,private") {
  failed++;
  console.log("AccessValues", api.AccessValues);
}

const n = checkArbitraries(api, arbs, 300);
console.log(`${cases.length - failed} passed, ${failed} failed (${n} arbitraries checked)`);
process.exit(failed > 0 ? 1 : 0);
