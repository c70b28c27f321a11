// SuperAuditor v1 rules of the generated TypeScript package (src/superauditor.ts) that the other
// suites reach only through the package's own constants: the push channel's fetch and cap (§6,
// §8), no cache on repeated calls (§5.1), the lexical-probe rule for every severity (§4) and the
// ordered severity vocabulary, ties included (§4). Expected values come from the standard's text
// and from reference models written here, never from the package under test.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { Auditor, buildFindingsResponse, checkLexicalProbes, compareSeverity, getSessionFindings, severityRank } from "../../gen/ts/src/index.js";
import type { DetectorQuery, FindingsDetector, FindingsOptions, GetSessionFindingsParams, RawFinding } from "../../gen/ts/src/index.js";
import { rejection } from "./support/detector.js";

const RUNS = 200;

/** The default per_kind_limit of §5.1. */
const SPEC_DEFAULT_PER_KIND_LIMIT = 5;
/** The severity vocabulary of §4, most serious first: critical > warn > info. */
const SPEC_ORDER = ["critical", "warn", "info"] as const;

const KINDS = ["stale_pending", "duplicate_pending", "orphan_record", "k_d"] as const;

/** Findings of a few kinds, each payload numbered by its detector position (from base). */
const output = (base = 0, maxLength = 30): fc.Arbitrary<RawFinding[]> =>
  fc.array(fc.constantFrom(...KINDS), { maxLength }).map((kinds) => kinds.map((kind, i) => ({ kind, payload: { seq: base + i } })));

const smap = fc.tuple(...KINDS.map(() => fc.constantFrom(...SPEC_ORDER))).map((sev) => Object.fromEntries(KINDS.map((k, i) => [k, sev[i] as string])));

/** The reference model of §6: the first n findings of each kind, in detector order. */
function firstPerKind(out: readonly RawFinding[], n: number): RawFinding[] {
  const seen = new Map<string, number>();
  return out.filter((f) => {
    const c = seen.get(f.kind) ?? 0;
    seen.set(f.kind, c + 1);
    return c < n;
  });
}

const seqs = (fs: readonly RawFinding[]) => fs.map((f) => `${f.kind}#${String(f.payload?.["seq"])}`);

describe("SuperAuditor v1 push channel (§6, §8)", () => {
  it("SuperAuditor §6, §8: the push asks the detector for per_kind_limit + 1 findings per kind (6 by default) and renders the first that many of each kind", async () => {
    await fc.assert(
      fc.asyncProperty(output(), smap, fc.option(fc.integer({ min: 0, max: 8 }), { nil: undefined }), fc.option(fc.string({ minLength: 1, maxLength: 5 }), { nil: undefined }), async (out, severities, set, sessionKey) => {
        const want = set ?? SPEC_DEFAULT_PER_KIND_LIMIT + 1;
        const queries: DetectorQuery[] = [];
        // A detector that ignores perKindFetch and returns everything: the push must trim.
        const detector: FindingsDetector = (q) => {
          queries.push(q);
          return out;
        };
        let rendered: readonly RawFinding[] | undefined;
        const a = new Auditor(detector, { severities, serverVersion: "1" }, {
          ...(set === undefined ? {} : { perKindFetch: set }),
          key: "_findings",
          render: (fs) => {
            rendered = fs;
            return "{}";
          },
        });
        const reply = await a.push("list_tasks", '{"tasks":[]}', sessionKey);
        expect(reply).toBe('{"tasks":[],"_findings":{}}');
        expect(queries).toEqual([sessionKey === undefined ? { perKindFetch: want } : { sessionKey, perKindFetch: want }]);
        expect(seqs(rendered ?? [])).toEqual(seqs(firstPerKind(out, want)));
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor §8: a negative or fractional perKindFetch is refused before the detector runs", async () => {
    for (const perKindFetch of [-1, 1.5, Number.NaN]) {
      let calls = 0;
      const a = new Auditor(
        () => {
          calls++;
          return [];
        },
        { severities: {}, serverVersion: "1" },
        { perKindFetch, render: () => "{}" },
      );
      expect(await rejection(a.push("list_tasks", "{}")), String(perKindFetch)).toBeInstanceOf(Error);
      expect(calls).toBe(0);
    }
  });
});

describe("SuperAuditor v1 no stale cache (§5.1)", () => {
  it("SuperAuditor §5.1: repeated get_session_findings calls and pushes each run the detector and reflect its current output", async () => {
    const cases = fc.record({
      outputs: fc.array(output(0, 8), { minLength: 2, maxLength: 5 }).map((os) => os.map((o, i) => o.map((f, j) => ({ kind: f.kind, payload: { seq: 100 * i + j } })))),
      severities: smap,
      limit: fc.integer({ min: 0, max: 6 }),
      viaAuditor: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ outputs, severities, limit, viaAuditor }) => {
        const params: GetSessionFindingsParams = { per_kind_limit: limit };
        const opts: FindingsOptions = { severities, serverVersion: "1" };
        let call = 0;
        const detector: FindingsDetector = () => outputs[call++ % outputs.length] ?? [];
        let rendered: readonly RawFinding[] = [];
        const a = new Auditor(detector, opts, {
          perKindFetch: 1 << 20,
          key: "_findings",
          render: (fs) => {
            rendered = fs;
            return "{}";
          },
        });
        for (const [i, out] of outputs.entries()) {
          const got = viaAuditor[i] === true ? await a.getSessionFindings(params) : await getSessionFindings(detector, params, opts);
          expect(call).toBe(i + 1);
          expect(got).toEqual(buildFindingsResponse(out, params, opts));
        }
        for (const [i, out] of outputs.entries()) {
          call = i;
          await a.push("list_tasks", "{}");
          expect(call).toBe(i + 1);
          expect(seqs(rendered)).toEqual(seqs(out));
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("SuperAuditor v1 severity (§4)", () => {
  it("SuperAuditor §4: lexical-match probes are refused when warn or critical, accepted when info", () => {
    const LEXICAL = ["keyword_hit", "grep_match", "name_like", "token_seen", "regex_probe"];
    const cases = fc.record({
      entries: fc.tuple(...LEXICAL.map(() => fc.constantFrom("critical", "warn", "info", "unmapped"))),
      listed: fc.array(fc.constantFrom(...LEXICAL), { maxLength: 7 }),
    });
    fc.assert(
      fc.property(cases, ({ entries, listed }) => {
        const m: Record<string, string> = {};
        LEXICAL.forEach((k, i) => {
          if (entries[i] !== "unmapped") m[k] = entries[i] as string;
        });
        const bad = [...new Set(listed)].filter((k) => m[k] === "warn" || m[k] === "critical").sort();
        const err = checkLexicalProbes(m, listed);
        if (bad.length === 0) {
          expect(err).toBeNull();
          return;
        }
        expect(err).toBeInstanceOf(Error);
        const msg = err?.message ?? "";
        for (const k of LEXICAL) expect(msg.includes(JSON.stringify(k)), `${msg} names ${k}`).toBe(bad.includes(k));
        for (const k of bad) expect(msg).toContain(`${JSON.stringify(k)} is ${m[k]}`);
        const at = bad.map((k) => msg.indexOf(JSON.stringify(k)));
        expect(at).toEqual([...at].sort((x, y) => x - y));
      }),
      { numRuns: RUNS },
    );
    for (const s of ["critical", "warn"]) expect(checkLexicalProbes({ keyword_hit: s }, ["keyword_hit"]), s).toBeInstanceOf(Error);
    expect(checkLexicalProbes({ keyword_hit: "info" }, ["keyword_hit"])).toBeNull();
  });

  it("SuperAuditor §4: the severity order is critical > warn > info; equal severities compare equal, and the order is total and antisymmetric", () => {
    const severity = fc.oneof(fc.constantFrom(...SPEC_ORDER), fc.constantFrom("", "urgent", "Warn", "INFO"));
    // The position in the standard's list: lower is more serious; outside the vocabulary is least.
    const position = (s: string) => {
      const i = (SPEC_ORDER as readonly string[]).indexOf(s);
      return i < 0 ? SPEC_ORDER.length : i;
    };
    fc.assert(
      fc.property(severity, severity, (a, b) => {
        const want = position(a) === position(b) ? 0 : position(a) < position(b) ? 1 : -1;
        expect(compareSeverity(a, b)).toBe(want);
        expect(compareSeverity(b, a)).toBe(want === 0 ? 0 : -want);
        expect(compareSeverity(a, a)).toBe(0);
        expect(Math.sign(severityRank(a) - severityRank(b))).toBe(want);
      }),
      { numRuns: RUNS },
    );
    for (const s of SPEC_ORDER) expect(compareSeverity(s, s), s).toBe(0);
    // A sort is stable on ties: equal severities keep their order.
    const items = ["warn#1", "info#1", "warn#2", "critical#1", "info#2", "warn#3"];
    const sorted = [...items].sort((x, y) => compareSeverity(x.split("#")[0] ?? "", y.split("#")[0] ?? ""));
    expect(sorted).toEqual(["info#1", "info#2", "warn#1", "warn#2", "warn#3", "critical#1"]);
  });
});
