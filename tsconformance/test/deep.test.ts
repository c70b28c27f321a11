// Deep documents: the generated validators recurse, and a JavaScript stack holds some thousands
// of frames, so past rt.limit levels a run defers the rest and validates it from the top of the
// stack (runtime.ts, "Deep documents"). A valid document never crashes the validator: up to
// the 10,000 levels parseT reads, the verdict and the (pointer, keyword, message) list are Go's
// (crosscheck/deep_test.go runs the same documents through the generated Go), and beyond them
// parseT refuses the text as Go's ParseT does.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as gen from "../../gen/ts/src/index.js";
import * as genRuntime from "../../gen/ts/src/runtime.js";
import * as shapes from "../../crosscheck/shapes/ts/src/index.js";
import * as shapesRuntime from "../../crosscheck/shapes/ts/src/runtime.js";
import { repoRoot } from "./support/schema.js";

type Errors = { pointer: string; keyword: string; message: string }[];
type Parse = (text: string) => { ok: true; value: unknown } | { ok: false; errors: Errors };

// deepList writes a List (crosscheck/shapes: {head: integer, tail?: List | null}, closed) of
// the given number of levels, each an object; the levels in bad have a string head. The same
// recipe as deepList in crosscheck/deep_test.go.
function deepList(levels: number, bad: readonly number[] = []): { text: string; errors: Errors } {
  const parts: string[] = [];
  const errors: Errors = [];
  for (let i = 0; i < levels; i++) {
    const head = bad.includes(i) ? '"x"' : String(i);
    if (bad.includes(i)) errors.push({ pointer: "/tail".repeat(i) + "/head", keyword: "type", message: "expected integer, got string" });
    parts.push(i < levels - 1 ? `{"head":${head},"tail":` : `{"head":${head}}`);
  }
  return { text: parts.join("") + "}".repeat(levels - 1), errors };
}

function errorsOf(r: ReturnType<Parse>): Errors {
  return r.ok ? [] : r.errors;
}

// withStep runs f with the deep path taken every step levels, in both generated packages.
function withStep<T>(step: number, f: () => T): T {
  const a = genRuntime.setStep(step);
  const b = shapesRuntime.setStep(step);
  try {
    return f();
  } finally {
    genRuntime.setStep(a);
    shapesRuntime.setStep(b);
  }
}

interface Vector {
  type: string;
  document: string;
  valid: boolean;
  errors: Errors;
}

function vectors(file: string): Vector[] {
  return JSON.parse(readFileSync(join(repoRoot, "testdata", "vectors", file), "utf8")) as Vector[];
}

function parser(pkg: Record<string, unknown>, type: string): Parse {
  const f = pkg["parse" + type];
  if (typeof f !== "function") throw new Error(`no parse${type}`);
  return f as Parse;
}

// comparable drops the messages of keyword json, which name the two parsers' own diagnostics.
function comparable(errors: Errors): Errors {
  return errors.map((e) => (e.keyword === "json" ? { ...e, message: "" } : e));
}

describe("deep documents", () => {
  it("a List of 10,000 levels is valid, as in Go", () => {
    const { text } = deepList(10_000);
    expect(shapes.parseList(text).ok).toBe(true);
    expect(shapes.validateList(JSON.parse(text))).toEqual([]);
  });

  it("a List of 10,000 levels with violations deep down reports each at its pointer, as in Go", () => {
    const doc = deepList(10_000, [0, 2_500, 6_499, 6_500, 9_999]);
    expect(doc.errors).toHaveLength(5);
    expect(errorsOf(shapes.parseList(doc.text))).toEqual(doc.errors);
    // A violation of a closed object below 9,000 levels.
    const extra = doc.text.replace('{"head":9000,', '{"head":9000,"x":true,');
    const at = "/tail".repeat(9_000) + "/x";
    const got = errorsOf(shapes.parseList(extra));
    // After the violations of its members (those of tail, 9,999 included), as in Go.
    expect(got).toEqual([...doc.errors, { pointer: at, keyword: "additionalProperties", message: 'property "x" is not allowed' }]);
  });

  it("a List of 10,001 levels is refused as text that is not one document, as in Go", () => {
    const r = shapes.parseList(deepList(10_001).text);
    expect(comparable(errorsOf(r))).toEqual([{ pointer: "", keyword: "json", message: "" }]);
  });

  it("a value deeper than parseT reads is validated all the same (validateT reads no text)", () => {
    const { text } = deepList(10_000);
    const v = JSON.parse(text) as { tail: unknown };
    const deeper = { head: 1, tail: { head: 2, tail: v } };
    expect(shapes.validateList(deeper)).toEqual([]);
  });

  it("a value that contains itself ends with a RangeError, not a hang", () => {
    const a: Record<string, unknown> = { head: 1 };
    a["tail"] = a;
    expect(() => shapes.validateList(a)).toThrow(RangeError);
    // The state is clean afterwards.
    expect(shapes.validateList({ head: 1, tail: { head: "x" } })).toEqual([
      { pointer: "/tail/head", keyword: "type", message: "expected integer, got string" },
    ]);
  });

  // The deep path on every Go vector: with a run that goes down 1, 2 or 3 levels only, every
  // document, valid or not, gets the Go errors, in order.
  for (const [file, pkg] of [
    ["go-vectors.json", gen],
    ["shapes-go-vectors.json", shapes],
  ] as const) {
    it(`the deep path gives the Go errors of every vector of ${file}`, () => {
      const vs = vectors(file);
      const disagreements: string[] = [];
      // Violations two levels down or more: deeper writes them below the pointer of the value.
      const nested = vs.filter((v) => v.errors.some((e) => e.pointer.split("/").length > 2)).length;
      for (const step of [1, 2, 3]) {
        withStep(step, () => {
          for (const v of vs) {
            const got = comparable(errorsOf(parser(pkg as Record<string, unknown>, v.type)(v.document)));
            if (JSON.stringify(got) !== JSON.stringify(comparable(v.errors))) {
              disagreements.push(`step ${step}, ${v.type} ${v.document.slice(0, 80)}: got ${JSON.stringify(got).slice(0, 200)}`);
            }
          }
        });
      }
      console.log(`deep path (${file}): ${vs.length} vectors at 3 steps, ${disagreements.length} disagreed with Go`);
      expect(nested).toBeGreaterThan(0);
      expect(disagreements).toEqual([]);
    });
  }
});
