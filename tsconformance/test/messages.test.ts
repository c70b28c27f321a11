// The runtime helpers the validators' messages use, against what the Go package's helpers give
// (the pairs below are Go's strconv.Quote of each string, as Go 1.26 prints them), and the
// messages of a few violations against the text the Go validator reports for the same document
// (the table of generator/ir/messages.go; the cross-checks compare every message of the
// cross-language vectors and of the official JSON Schema test suite).
import { describe, expect, it } from "vitest";
import { goQuote, typeName } from "../../gen/ts/src/runtime.js";
import { validateFindingsResponse, validateGetSessionFindingsParams, validateSkillDescriptor } from "../../gen/ts/src/index.js";

const GO_QUOTE: [string, string][] = JSON.parse(
  String.raw`[["","\"\""],["plain","\"plain\""],["a\"b\\c","\"a\\\"b\\\\c\""],["tab\there","\"tab\\there\""],["nl\n cr\r ff\f bs\b vt\u000b bell\u0007","\"nl\\n cr\\r ff\\f bs\\b vt\\v bell\\a\""],["nul\u0000 esc\u001b del\u007f","\"nul\\x00 esc\\x1b del\\x7f\""],["é ü 日本 😀","\"é ü 日本 😀\""],["nbsp\u00a0 shy\u00ad nel\u0085","\"nbsp\\u00a0 shy\\u00ad nel\\u0085\""],["ls\u2028 ps\u2029 bom\ufeff","\"ls\\u2028 ps\\u2029 bom\\ufeff\""],["zwj\u200d","\"zwj\\u200d\""],["😀\udb40\udc01 tag","\"😀\\U000e0001 tag\""],["\u003c\u0026\u003e","\"\u003c\u0026\u003e\""],["\ufffd","\"\ufffd\""],["\u0378 unassigned","\"\\u0378 unassigned\""],["\udbff\udfff","\"\\U0010ffff\""]]`,
);

describe("validation messages in TypeScript, as in Go", () => {
  it("goQuote quotes exactly as Go's strconv.Quote", () => {
    for (const [s, want] of GO_QUOTE) expect(goQuote(s), JSON.stringify(s)).toBe(want);
    // An unpaired surrogate (no JSON document carries one) is written as U+FFFD.
    expect(goQuote("a\ud800b")).toBe('"a\ufffdb"');
  });

  it("typeName names JSON types as Go's validator does", () => {
    const cases: [unknown, string][] = [
      [null, "null"],
      [true, "boolean"],
      ["s", "string"],
      [1, "integer"],
      [-0, "integer"],
      [1e300, "integer"],
      [1.5, "number"],
      [[], "array"],
      [{}, "object"],
      [undefined, "undefined"],
      [Number.NaN, "NaN"],
    ];
    for (const [v, want] of cases) expect(typeName(v)).toBe(want);
  });

  // The expected lists are what the generated Go package's Parse reports for the same documents.
  it("the messages of a SkillDescriptor, a FindingsResponse and a GetSessionFindingsParams are Go's", () => {
    const msgs = (errs: { pointer: string; keyword: string; message: string }[]) => errs.map((e) => `${e.pointer} ${e.keyword}: ${e.message}`);
    expect(msgs(validateGetSessionFindingsParams({ per_kind_limit: 20000, session_key: "", include_summary: "yes", "per kind<limit": 1 }))).toEqual([
      "/session_key minLength: must be at least 1 characters long",
      "/per_kind_limit maximum: must be <= 10000",
      '/include_summary type: expected boolean, got string',
      '/per kind<limit additionalProperties: property "per kind<limit" is not allowed',
    ]);
    expect(msgs(validateFindingsResponse({ findings: [], total: 1.5, counts_by_kind: {}, counts_by_severity: { notice: 1 }, capped_kinds: [], per_kind_limit: 5 }))).toEqual([
      '/_meta required: missing required property "_meta"',
      "/total type: expected integer, got number",
      '/counts_by_severity/notice propertyNames: property name "notice" is not allowed',
    ]);
    const d = validateSkillDescriptor({ capability_type: "service", access: "internal" }).filter((e) => e.keyword !== "required");
    expect(msgs(d)).toEqual([
      '/capability_type enum: must be one of "plugin", "api", "knowledge", "task"',
      '/access enum: must be one of "public", "restricted", "private"',
    ]);
  });
});
