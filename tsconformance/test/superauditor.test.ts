// The SuperAuditor v1 conformance fixtures (conformance/superauditor/v1/*.json, format in its
// README) through the TypeScript buildFindingsResponse. Fixtures and responses are read and
// written losslessly, so payload integers beyond 2^53 are compared by exact value.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFindingsResponse, getSessionFindings, validateFindingsResponse } from "../../gen/ts/src/index.js";
import type { DetectorQuery, FindingsResponse, GetSessionFindingsParams, RawFinding } from "../../gen/ts/src/index.js";
import { ajvCheck, repoRoot } from "./support/schema.js";
import { diffLossless, JsonNumber, parseLossless, stringifyLossless } from "./support/lossless.js";
import type { LJson } from "./support/lossless.js";
import { trimmingDetector } from "./support/detector.js";
import { grammarSummary } from "./support/summary.js";
import type { SummarySource } from "./support/summary.js";

const dir = join(repoRoot, "conformance", "superauditor", "v1");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();

type Obj = { [k: string]: LJson };

function obj(v: LJson | undefined, what: string): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof JsonNumber) throw new Error(`${what}: want an object`);
  return v;
}

function str(v: LJson | undefined, what: string): string {
  if (typeof v !== "string") throw new Error(`${what}: want a string`);
  return v;
}

function bool(v: LJson | undefined, what: string): boolean {
  if (typeof v !== "boolean") throw new Error(`${what}: want a boolean`);
  return v;
}

function int(v: LJson | undefined, what: string): number {
  if (!(v instanceof JsonNumber)) throw new Error(`${what}: want a number`);
  return Number(v.literal);
}

describe("SuperAuditor v1 conformance fixtures", () => {
  it("every fixture is a case", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s", async (file) => {
    const c = obj(parseLossless(readFileSync(join(dir, file), "utf8")), file);
    const keys = Object.keys(c).sort();
    expect(keys.includes("expected") !== keys.includes("expected_error"), "exactly one of expected and expected_error").toBe(true);

    const sessionKey = c["session_key"];
    const includeSummary = bool(c["include_summary"], "include_summary");
    const params: GetSessionFindingsParams = {
      per_kind_limit: int(c["per_kind_limit"], "per_kind_limit"),
      include_summary: includeSummary,
      ...(sessionKey === null ? {} : { session_key: str(sessionKey, "session_key") }),
    };
    const output: RawFinding[] = (c["detector_output"] as LJson[]).map((f, i) => {
      const { kind, ...payload } = obj(f, `detector_output[${i}]`);
      return Object.keys(payload).length > 0 ? { kind: kind as string, payload } : { kind: kind as string };
    });
    const severities = Object.fromEntries(Object.entries(obj(c["severity_map"], "severity_map")).map(([k, v]) => [k, str(v, `severity_map.${k}`)]));
    const opts = {
      severities,
      fallbackInfo: bool(c["fallback_info"], "fallback_info"),
      sharedTransport: bool(c["shared_transport"], "shared_transport"),
      serverVersion: str(c["server_version"], "server_version"),
    };

    let resp: FindingsResponse | undefined;
    let thrown: unknown;
    try {
      resp = buildFindingsResponse(output, params, opts);
    } catch (e) {
      thrown = e;
    }
    if (c["expected_error"] !== undefined) {
      expect(c["expected_error"]).toBe(true);
      expect(resp, `${file}: must fail, returned ${resp === undefined ? "" : stringifyLossless(resp)}`).toBeUndefined();
      expect(thrown).toBeInstanceOf(Error);
      return;
    }
    if (thrown !== undefined) throw new Error(`${file}: must succeed, threw ${String(thrown)}`);

    // Written as JSON and read back losslessly.
    const text = stringifyLossless(resp);
    const got = obj(parseLossless(text), "response");
    // The response is a valid FindingsResponse (the validators read numbers as doubles).
    expect(validateFindingsResponse(JSON.parse(text))).toEqual([]);
    expect(ajvCheck("FindingsResponse", JSON.parse(text)).errors).toEqual([]);
    if (includeSummary) {
      expect(got["summary"], "the summary follows the README's grammar").toBe(grammarSummary(got as unknown as SummarySource));
    } else {
      expect(Object.prototype.hasOwnProperty.call(got, "summary"), "summary must be absent").toBe(false);
    }
    delete got["summary"];
    // Compared exactly as parsed JSON (capped_kinds in order too: first appearance in the detector output).
    expect(diffLossless(got, obj(c["expected"], "expected"))).toBeNull();

    // The detector path (fetch per_kind_limit + 1, §6) gives the same text.
    const queries: DetectorQuery[] = [];
    const viaDetector = await getSessionFindings(trimmingDetector(output, queries), params, opts);
    expect(queries).toEqual([sessionKey === null ? { perKindFetch: params.per_kind_limit! + 1 } : { sessionKey, perKindFetch: params.per_kind_limit! + 1 }]);
    expect(stringifyLossless(viaDetector)).toBe(text);
  });

  it("the lossless comparison tells 9007199254740993 from 9007199254740992 and 1e+300 equals 1E300", () => {
    expect(diffLossless(parseLossless("[9007199254740993]"), parseLossless("[9007199254740992]"))).not.toBeNull();
    expect(diffLossless(parseLossless("[1e+300, 0.50, -0]"), parseLossless("[1E300, 5e-1, 0]"))).toBeNull();
    expect(diffLossless(parseLossless("123456789012345678901234567890"), parseLossless("123456789012345678901234567891"))).not.toBeNull();
    expect(stringifyLossless(parseLossless('{"a":[123456789012345678901234567890,{"b":null}]}'))).toBe('{"a":[123456789012345678901234567890,{"b":null}]}');
  });
});
