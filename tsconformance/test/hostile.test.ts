// Hostile documents: the generated TypeScript parsers get the inputs the Go fuzz targets are
// seeded with (gen/go/fuzz_test.go), and must answer every one with errors — never throw,
// never blow the stack, never hang.
import { describe, expect, it } from "vitest";
import * as gen from "../../gen/ts/src/index.js";

type Parse = (text: string) => { ok: true; value: unknown } | { ok: false; errors: gen.ValidationError[] };

const parsers: Record<string, Parse> = {
  ProtocolVersion: gen.parseProtocolVersion,
  SkillDescriptor: gen.parseSkillDescriptor,
  SkillIndex: gen.parseSkillIndex,
  InvocationRequest: gen.parseInvocationRequest,
  InvocationResponse: gen.parseInvocationResponse,
  Finding: gen.parseFinding,
  FindingsResponse: gen.parseFindingsResponse,
  GetSessionFindingsParams: gen.parseGetSessionFindingsParams,
};

// Inputs that are not one JSON document of the generator's accepted shape: each must give
// exactly one error at the document with keyword "json".
const notJSON: Record<string, string> = {
  "empty": "",
  "whitespace only": " \n\t ",
  "deep arrays 100,000": "[".repeat(100_000) + "]".repeat(100_000),
  "deep objects 100,000": '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000),
  "deep arrays 10,001": "[".repeat(10_001) + "]".repeat(10_001),
  "number beyond double": '{"version": 1e400}',
  "negative number beyond double": "-1e400",
  "lone surrogate in the text": '{"version": "\ud800"}',
  "trailing garbage": '{"version": "1.0.0"} x',
  "two documents": '{"version": "1.0.0"} {"version": "1.0.0"}',
  "truncated": '{"version": "1.0',
  "byte order mark": "\ufeff{}",
  "single quotes": "{'version': '1.0.0'}",
  "NaN": "NaN",
  "leading zero": "01",
  "control character in a string": '{"version": "1.0.0\u0001"}',
};

describe("hostile documents", () => {
  for (const [type, parse] of Object.entries(parsers)) {
    it(`${type}: text that is not one JSON document gives one "json" error`, () => {
      for (const [name, text] of Object.entries(notJSON)) {
        const r = parse(text);
        expect(r.ok, `${name} accepted`).toBe(false);
        if (!r.ok) {
          expect(r.errors, name).toEqual([expect.objectContaining({ pointer: "", keyword: "json" })]);
        }
      }
    });
  }

  it("well-formed but hostile JSON is refused with errors, not exceptions", () => {
    const huge = "x".repeat(10 * 1024 * 1024);
    const inputs = [
      JSON.stringify({ version: huge }),
      JSON.stringify({ kind: huge, severity: "info" }).replace('"info"', '"loud"'),
      "[" + "1,".repeat(200_000) + "1]",
      "{" + Array.from({ length: 50_000 }, (_, i) => `"k${i}":${i}`).join(",") + "}",
      '{"version":"1.0.0","version":"x"}',
      '{"__proto__": {"polluted": true}, "version": "1.0.0"}',
      '{"constructor": 1, "toString": 2, "version": "1.0.0"}',
      "1e308",
      "-0",
      "123456789012345678901234567890",
      '"\\ud800"',
    ];
    for (const text of inputs) {
      for (const [type, parse] of Object.entries(parsers)) {
        let r: ReturnType<Parse>;
        expect(() => { r = parse(text); }, `${type} threw on ${text.slice(0, 40)}`).not.toThrow();
        // Hostile or not, a verdict is a list of errors or a value; a value must validate.
        r = parse(text);
        if (r.ok) {
          const again = (gen as unknown as Record<string, (v: unknown) => gen.ValidationError[]>)[`validate${type}`]!(r.value);
          expect(again).toEqual([]);
        } else {
          expect(r.errors.length).toBeGreaterThan(0);
        }
      }
    }
    // No prototype was polluted along the way.
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });
});
