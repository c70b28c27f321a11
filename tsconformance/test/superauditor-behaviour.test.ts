// SuperAuditor v1 behaviour of the generated TypeScript package (src/superauditor.ts) beyond the
// shared fixtures: C1–C9 of §9 as properties and unit tests, the fetch path of the pull tool
// (per_kind_limit + 1, §6), the defaults of §5.1, the single detector of §5.3 and the broadcast
// knob of §8. Expected values come from the standard's text and from a reference model written
// here, never from the package under test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import {
  Auditor,
  BroadcastKnob,
  buildFindingsResponse,
  checkLexicalProbes,
  compareSeverity,
  coversProbes,
  DEFAULT_PER_KIND_LIMIT,
  DetectorOutputError,
  FindingsParamsError,
  GET_SESSION_FINDINGS_TOOL,
  getSessionFindings,
  lookupSeverity,
  MAX_KIND_LENGTH,
  MAX_PER_KIND_LIMIT,
  MAX_SERVER_VERSION_LENGTH,
  parseFinding,
  parseFindingsResponse,
  parseBroadcastMode,
  renderFindingsSummary,
  resolveSeverity,
  SeverityMapError,
  spliceBroadcastBlock,
  validateFindingsResponse,
} from "../../gen/ts/src/index.js";
import type { DetectorQuery, FindingsDetector, FindingsOptions, FindingsResponse, GetSessionFindingsParams, RawFinding, SeverityMap } from "../../gen/ts/src/index.js";
import { ajvCheck, schemaDir } from "./support/schema.js";
import { rejection, trimmingDetector } from "./support/detector.js";
import { grammarSummary } from "./support/summary.js";

const RUNS = 200;

/** The severity vocabulary of §4, most serious first. */
const SPEC_SEVERITIES = ["critical", "warn", "info"] as const;
/** The defaults of §5.1. */
const SPEC_DEFAULT_PER_KIND_LIMIT = 5;

const KINDS = ["stale_pending", "duplicate_pending", "orphan_record", "k_d", "k_e"] as const;

interface Case {
  output: RawFinding[];
  limit: number;
  smap: Record<string, string>;
}

/** Findings of a few kinds with many repetitions, each payload numbered by its detector position. */
const cases: fc.Arbitrary<Case> = fc
  .record({
    sev: fc.tuple(...KINDS.map(() => fc.constantFrom(...SPEC_SEVERITIES))),
    kinds: fc.array(fc.constantFrom(...KINDS), { maxLength: 40 }),
    limit: fc.integer({ min: 0, max: 7 }),
  })
  .map(({ sev, kinds, limit }) => ({
    smap: Object.fromEntries(KINDS.map((k, i) => [k, sev[i] as string])),
    output: kinds.map((kind, seq) => ({ kind, payload: { seq, nested: { ids: [1, "x"] } } })),
    limit,
  }));

/** The reference model of §5.2 and §6: what the response must hold for (output, limit, map). */
function model(c: Case) {
  const seen = new Map<string, number>();
  const order: string[] = [];
  const kept: string[] = [];
  const countsByKind: Record<string, number> = {};
  const countsBySeverity: Record<string, number> = {};
  for (const f of c.output) {
    const n = seen.get(f.kind) ?? 0;
    if (n === 0) order.push(f.kind);
    seen.set(f.kind, n + 1);
    if (n >= c.limit) continue;
    kept.push(`${f.kind}#${String(f.payload?.["seq"])}`);
    countsByKind[f.kind] = (countsByKind[f.kind] ?? 0) + 1;
    const s = c.smap[f.kind] ?? "";
    countsBySeverity[s] = (countsBySeverity[s] ?? 0) + 1;
  }
  return { kept, capped: order.filter((k) => (seen.get(k) ?? 0) > c.limit), countsByKind, countsBySeverity };
}

function opts(smap: SeverityMap, extra: Partial<FindingsOptions> = {}): FindingsOptions {
  return { severities: smap, serverVersion: "1.0.0", ...extra };
}

function build(c: Case): FindingsResponse {
  const resp = buildFindingsResponse(c.output, { per_kind_limit: c.limit }, opts(c.smap));
  expect(validateFindingsResponse(resp)).toEqual([]);
  return resp;
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

function seqs(resp: FindingsResponse): string[] {
  return resp.findings.map((f) => `${f.kind}#${String(f["seq"])}`);
}

describe("SuperAuditor v1 conformance items in TypeScript", () => {
  it("SuperAuditor v1, C1: no kind exceeds per_kind_limit, and the first per_kind_limit findings of each kind are kept in detector order", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const resp = build(c);
        const perKind = new Map<string, number>();
        for (const f of resp.findings) {
          perKind.set(f.kind, (perKind.get(f.kind) ?? 0) + 1);
          expect(perKind.get(f.kind)).toBeLessThanOrEqual(c.limit);
        }
        expect(seqs(resp)).toEqual(model(c).kept);
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, C2: capped_kinds lists exactly the kinds with more findings than returned, including the count == limit boundary", () => {
    for (const limit of [0, 1, 5, 20]) {
      for (const n of [limit - 1, limit, limit + 1, limit + 2]) {
        if (n < 0) continue;
        const output = Array.from({ length: n }, (_, i) => ({ kind: "stale_pending", payload: { i } }));
        const resp = buildFindingsResponse(output, { per_kind_limit: limit }, opts({ stale_pending: "info" }));
        expect(resp.capped_kinds, `limit ${limit}, ${n} findings`).toEqual(n > limit ? ["stale_pending"] : []);
        expect(resp.findings.length).toBe(Math.min(n, limit));
      }
    }
    fc.assert(
      fc.property(cases, (c) => {
        expect(build(c).capped_kinds).toEqual(model(c).capped);
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, C2: capping is observed through the detector, which is asked for per_kind_limit + 1 findings of each kind (§6)", async () => {
    // The detector holds 5 (at the default limit), 6 (one over) and 500 findings of three kinds.
    const output: RawFinding[] = [];
    for (const [kind, n] of [["at_limit", 5], ["many", 500], ["one_over", 6]] as const) {
      for (let i = 0; i < n; i++) output.push({ kind, payload: { i } });
    }
    const queries: DetectorQuery[] = [];
    const resp = await getSessionFindings(trimmingDetector(output, queries), {}, opts({}, { fallbackInfo: true }));
    expect(queries).toEqual([{ perKindFetch: SPEC_DEFAULT_PER_KIND_LIMIT + 1 }]);
    expect(resp.capped_kinds).toEqual(["many", "one_over"]);
    expect(resp.counts_by_kind).toEqual({ at_limit: 5, many: 5, one_over: 5 });
    // Whatever the limit, the detector path gives the response of the full output.
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const qs: DetectorQuery[] = [];
        const via = await getSessionFindings(trimmingDetector(c.output, qs), { per_kind_limit: c.limit }, opts(c.smap));
        expect(qs).toEqual([{ perKindFetch: c.limit + 1 }]);
        expect(JSON.stringify(via)).toBe(JSON.stringify(build(c)));
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, C3: total, counts_by_kind and counts_by_severity are computed over the returned set", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const resp = build(c);
        const m = model(c);
        expect(resp.total).toBe(resp.findings.length);
        expect(resp.total).toBe(m.kept.length);
        expect(resp.counts_by_kind).toEqual(m.countsByKind);
        expect(resp.counts_by_severity).toEqual(m.countsBySeverity);
        const byKind: Record<string, number> = {};
        const bySeverity: Record<string, number> = {};
        for (const f of resp.findings) {
          byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
          bySeverity[f.severity] = (bySeverity[f.severity] ?? 0) + 1;
        }
        expect(resp.counts_by_kind).toEqual(byKind);
        expect(resp.counts_by_severity).toEqual(bySeverity);
      }),
      { numRuns: RUNS },
    );
    const empty = JSON.stringify(buildFindingsResponse([], {}, opts({})));
    for (const want of ['"findings":[]', '"total":0', '"counts_by_kind":{}', '"counts_by_severity":{}', '"capped_kinds":[]', `"per_kind_limit":${SPEC_DEFAULT_PER_KIND_LIMIT}`]) {
      expect(empty).toContain(want);
    }
  });

  it("SuperAuditor v1, C4: severity comes from the static map and the same kind always has the same severity", () => {
    fc.assert(
      fc.property(cases, (c) => {
        for (const f of build(c).findings) expect(f.severity).toBe(c.smap[f.kind]);
      }),
      { numRuns: RUNS },
    );
    // A detector cannot score one finding.
    const err = thrown(() => buildFindingsResponse([{ kind: "stale_pending", payload: { severity: "critical" } }], {}, opts({ stale_pending: "info" })));
    expect(err).toBeInstanceOf(DetectorOutputError);
    expect(lookupSeverity({ x: "high" }, "x")).toBeUndefined();
    expect(lookupSeverity({ x: "warn" }, "x")).toBe("warn");
    expect(lookupSeverity({}, "constructor")).toBeUndefined();
    // The order of the vocabulary (§4): critical > warn > info, anything else below.
    expect(["info", "critical", "bogus", "warn"].sort(compareSeverity)).toEqual(["bogus", "info", "warn", "critical"]);
  });

  it("SuperAuditor v1, C5: with the fallback an unmapped kind resolves to info; without it the unmapped kinds are named", () => {
    const smap = { known: "critical" };
    const output = [{ kind: "zeta" }, { kind: "known" }, { kind: "alpha" }, { kind: "zeta" }];
    const resp = buildFindingsResponse(output, {}, opts(smap, { fallbackInfo: true }));
    expect(resp.findings.map((f) => [f.kind, f.severity])).toEqual([
      ["zeta", "info"],
      ["known", "critical"],
      ["alpha", "info"],
      ["zeta", "info"],
    ]);
    const err = thrown(() => buildFindingsResponse(output, {}, opts(smap)));
    expect(err).toBeInstanceOf(SeverityMapError);
    expect((err as SeverityMapError).unmapped).toEqual(["zeta", "alpha"]);
    expect((err as Error).message).toContain('"zeta"');
    expect((err as Error).message).toContain('"alpha"');
    // Even a limit of 0, which returns nothing, resolves every kind.
    expect(thrown(() => buildFindingsResponse(output, { per_kind_limit: 0 }, opts(smap)))).toBeInstanceOf(SeverityMapError);
    // An entry outside the vocabulary is an error even with the fallback.
    expect(thrown(() => buildFindingsResponse([{ kind: "k" }], {}, opts({ k: "urgent" }, { fallbackInfo: true })))).toBeInstanceOf(SeverityMapError);
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z_]{1,12}$/), (kind) => {
        expect(resolveSeverity({}, kind, true)).toBe("info");
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, C6: the coverage check fails naming every probe kind without an entry", () => {
    const registry = ["stale_pending", "zz_new_probe", "duplicate_pending", "aa_new_probe", "zz_new_probe", "mm_bad_entry"];
    const smap: Record<string, string> = { stale_pending: "info", duplicate_pending: "warn", mm_bad_entry: "urgent" };
    const err = coversProbes(smap, registry);
    expect(err).toBeInstanceOf(SeverityMapError);
    expect(err?.unmapped).toEqual(["aa_new_probe", "zz_new_probe"]);
    expect(err?.invalid).toEqual(["mm_bad_entry"]);
    for (const k of ["aa_new_probe", "zz_new_probe", "mm_bad_entry"]) expect(err?.message).toContain(`"${k}"`);
    expect(coversProbes(smap, [...registry].reverse())?.message).toBe(err?.message);
    // An entry inherited from Object.prototype is not an entry.
    expect(coversProbes({}, ["constructor", "toString"])?.unmapped).toEqual(["constructor", "toString"]);
    const full = { ...smap, aa_new_probe: "info", zz_new_probe: "info", mm_bad_entry: "warn" };
    expect(coversProbes(full, registry)).toBeNull();
    expect(coversProbes({}, [])).toBeNull();
    // Every probe missing from a map is named, whatever the registry.
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[a-z_]{1,8}$/), { maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (probes, mapped) => {
        const m = Object.fromEntries(probes.filter((_, i) => mapped[i]).map((p) => [p, "info"]));
        const missing = probes.filter((_, i) => !mapped[i]).sort();
        const res = coversProbes(m, probes);
        if (missing.length === 0) expect(res).toBeNull();
        else expect(res?.unmapped).toEqual(missing);
      }),
      { numRuns: RUNS },
    );
    // §4: lexical-match probes must stay info.
    const lexical = checkLexicalProbes({ keyword_hit: "warn", ok: "info", alarm: "critical" }, ["ok", "keyword_hit", "alarm"]);
    expect(lexical?.message).toContain('"alarm" is critical, "keyword_hit" is warn');
    expect(checkLexicalProbes({ ok: "info" }, ["ok", "unmapped"])).toBeNull();
  });

  it("SuperAuditor v1, C7: findings are not filtered by the caller's isolation axis", async () => {
    const output: RawFinding[] = [
      { kind: "stale_pending", payload: { project: "alpha", id: 1 } },
      { kind: "stale_pending", payload: { project: "beta", id: 2 } },
      { kind: "stale_pending", payload: { tenant: "other", agent: "someone-else", id: 3 } },
      { kind: "duplicate_pending", payload: { project: "gamma", id: 4 } },
    ];
    const queries: DetectorQuery[] = [];
    const resp = await getSessionFindings(trimmingDetector(output, queries), { session_key: "caller-session" }, opts({ stale_pending: "info", duplicate_pending: "warn" }));
    expect(resp.findings.map((f) => f["id"])).toEqual([1, 2, 3, 4]);
    // The detector is asked only for the session key and the fetch size: no isolation axis.
    expect(queries.map((q) => Object.keys(q).sort())).toEqual([["perKindFetch", "sessionKey"]]);
    await getSessionFindings(trimmingDetector(output, queries), {}, opts({}, { fallbackInfo: true }));
    expect(Object.keys(queries[1] ?? {})).toEqual(["perKindFetch"]);
    // Whatever axis members a payload carries, every finding within the limit is delivered.
    fc.assert(
      fc.property(
        fc.array(fc.record({ project: fc.constantFrom("alpha", "beta"), tenant: fc.constantFrom("t1", "t2"), agent: fc.constantFrom("a", "b") }), { maxLength: 20 }),
        (axes) => {
          const out = axes.map((a, i) => ({ kind: "stale_pending", payload: { ...a, i } }));
          const r = buildFindingsResponse(out, { per_kind_limit: MAX_PER_KIND_LIMIT }, opts({ stale_pending: "info" }));
          expect(r.findings.map((f) => f["i"])).toEqual(out.map((_, i) => i));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, C8: identity_shared is true exactly on a shared transport without a declared session_key", async () => {
    for (const shared of [true, false]) {
      for (const key of [undefined, "client-7"]) {
        const queries: DetectorQuery[] = [];
        const params: GetSessionFindingsParams = key === undefined ? {} : { session_key: key };
        const resp = await getSessionFindings(trimmingDetector([], queries), params, opts({}, { sharedTransport: shared }));
        const parsed = JSON.parse(JSON.stringify(resp)) as Record<string, unknown>;
        if (shared && key === undefined) expect(parsed["identity_shared"]).toBe(true);
        else expect(Object.prototype.hasOwnProperty.call(parsed, "identity_shared")).toBe(false);
        expect(validateFindingsResponse(parsed)).toEqual([]);
        expect(queries[0]?.sessionKey).toBe(key);
      }
    }
  });
});

describe("SuperAuditor v1 pull tool in TypeScript (§5)", () => {
  it("SuperAuditor v1, §5.1: the defaults are per_kind_limit 5 and include_summary true, in the package and in the schema", async () => {
    expect(DEFAULT_PER_KIND_LIMIT).toBe(SPEC_DEFAULT_PER_KIND_LIMIT);
    const schema = JSON.parse(readFileSync(join(schemaDir, "GetSessionFindingsParams.json"), "utf8")) as { properties: Record<string, { default?: unknown }> };
    expect(schema.properties["per_kind_limit"]?.default).toBe(SPEC_DEFAULT_PER_KIND_LIMIT);
    expect(schema.properties["include_summary"]?.default).toBe(true);
    // Seven findings of one kind, asked with {}: five returned, the kind capped, a summary.
    const output = Array.from({ length: 7 }, (_, i) => ({ kind: "stale_pending", payload: { i } }));
    const queries: DetectorQuery[] = [];
    const resp = await getSessionFindings(trimmingDetector(output, queries), {}, opts({ stale_pending: "info" }));
    expect(queries).toEqual([{ perKindFetch: SPEC_DEFAULT_PER_KIND_LIMIT + 1 }]);
    expect(resp.per_kind_limit).toBe(SPEC_DEFAULT_PER_KIND_LIMIT);
    expect(resp.findings.map((f) => f["i"])).toEqual([0, 1, 2, 3, 4]);
    expect(resp.capped_kinds).toEqual(["stale_pending"]);
    expect(resp.summary).toBe(grammarSummary(resp));
    const direct = buildFindingsResponse(output, {}, opts({ stale_pending: "info" }));
    expect(direct.per_kind_limit).toBe(SPEC_DEFAULT_PER_KIND_LIMIT);
    expect(direct.total).toBe(SPEC_DEFAULT_PER_KIND_LIMIT);
  });

  it("SuperAuditor v1, §5.1: include_summary false is honoured and true renders the summary from the truncated set", () => {
    fc.assert(
      fc.property(cases, fc.constantFrom(undefined, true, false), (c, include) => {
        const params: GetSessionFindingsParams = include === undefined ? { per_kind_limit: c.limit } : { per_kind_limit: c.limit, include_summary: include };
        const resp = buildFindingsResponse(c.output, params, opts(c.smap));
        if (include === false) {
          expect(Object.prototype.hasOwnProperty.call(resp, "summary")).toBe(false);
        } else {
          expect(resp.summary).toBe(grammarSummary(resp));
          expect(renderFindingsSummary(resp)).toBe(resp.summary);
        }
      }),
      { numRuns: RUNS },
    );
    const limit = 2;
    const resp = buildFindingsResponse(
      [{ kind: "stale_pending" }, { kind: "duplicate_pending" }, { kind: "stale_pending" }, { kind: "stale_pending" }],
      { per_kind_limit: limit },
      opts({ stale_pending: "info", duplicate_pending: "warn" }),
    );
    expect(resp.summary).toBe(
      "Findings: 3 returned (per_kind_limit 2).\nBy severity: warn 1, info 2.\n- stale_pending (info): 2\n- duplicate_pending (warn): 1\nCapped (more exist than returned): stale_pending.",
    );
    expect(renderFindingsSummary({ findings: [], capped_kinds: [], per_kind_limit: 5 })).toBe("Findings: 0 returned (per_kind_limit 5).");
  });

  it("SuperAuditor v1, §5.1: per_kind_limit 0 to 10000 is accepted, anything else refused without running the detector", async () => {
    const output = [{ kind: "a" }, { kind: "a" }];
    for (const limit of [-1, MAX_PER_KIND_LIMIT + 1, 1.5, Number.NaN, -(2 ** 62)]) {
      expect(thrown(() => buildFindingsResponse(output, { per_kind_limit: limit }, opts({}, { fallbackInfo: true })))).toBeInstanceOf(FindingsParamsError);
      let called = false;
      const err = await rejection(
        getSessionFindings(
          () => {
            called = true;
            return [];
          },
          { per_kind_limit: limit },
          opts({}, { fallbackInfo: true }),
        ),
      );
      expect(err).toBeInstanceOf(FindingsParamsError);
      expect(called).toBe(false);
    }
    for (const limit of [0, 1, MAX_PER_KIND_LIMIT]) {
      expect(buildFindingsResponse(output, { per_kind_limit: limit }, opts({}, { fallbackInfo: true })).per_kind_limit).toBe(limit);
    }
    expect(thrown(() => buildFindingsResponse(output, { session_key: "" }, opts({}, { fallbackInfo: true })))).toBeInstanceOf(FindingsParamsError);
    for (const serverVersion of ["", "v".repeat(129)]) {
      expect(thrown(() => buildFindingsResponse(output, {}, { severities: {}, fallbackInfo: true, serverVersion }))).toBeInstanceOf(Error);
    }
    const boom = new Error("boom");
    const err = await rejection(
      getSessionFindings(
        () => {
          throw boom;
        },
        {},
        opts({}),
      ),
    );
    expect((err as Error).cause).toBe(boom);
  });

  it("SuperAuditor v1, §5: the delivery functions never modify their inputs and share no payload with the response", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const before = JSON.stringify([c.output, c.smap]);
        const resp = build(c);
        for (const f of resp.findings) {
          f["seq"] = "changed";
          ((f["nested"] as { ids: unknown[] }).ids as unknown[])[0] = "changed";
        }
        expect(JSON.stringify([c.output, c.smap])).toBe(before);
      }),
      { numRuns: RUNS },
    );
  });

  it("SuperAuditor v1, §5.2: every response is a valid FindingsResponse for the schema (ajv)", () => {
    fc.assert(
      fc.property(cases, fc.boolean(), (c, shared) => {
        const resp = buildFindingsResponse(c.output, { per_kind_limit: c.limit }, opts(c.smap, { sharedTransport: shared }));
        expect(ajvCheck("FindingsResponse", JSON.parse(JSON.stringify(resp))).errors).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

/** The frozen broadcast payload of the server in these tests: the first five findings of each kind, without severity, and a count. */
function legacyBlock(findings: readonly RawFinding[]): string {
  const out: Record<string, unknown>[] = [];
  const seen = new Map<string, number>();
  for (const f of findings) {
    const n = seen.get(f.kind) ?? 0;
    if (n < 5) out.push({ kind: f.kind, ...f.payload });
    seen.set(f.kind, n + 1);
  }
  return JSON.stringify({ findings: out, count: out.length });
}

describe("SuperAuditor v1 broadcast coexistence in TypeScript (§8, §5.3)", () => {
  it("SuperAuditor v1, §8: the knob reads all, off and context; anything else falls back to all with a warning naming it", () => {
    const good: [string | undefined, string][] = [
      [undefined, "all"],
      ["", "all"],
      ["all", "all"],
      [" ALL ", "all"],
      ["off", "off"],
      ["Off", "off"],
      ["\toff\n", "off"],
      ["context", "context"],
      ["CONTEXT", "context"],
    ];
    for (const [value, want] of good) {
      const warned: string[] = [];
      expect(parseBroadcastMode(value, (m) => warned.push(m))).toBe(want);
      expect(warned).toEqual([]);
    }
    for (const value of ["of", "none", "false", "contxt", "all,off", "0", "disabled"]) {
      const warned: string[] = [];
      expect(parseBroadcastMode(value, (m) => warned.push(m))).toBe("all");
      expect(warned.length).toBe(1);
      expect(warned[0]).toContain(JSON.stringify(value));
    }
    const logged: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void logged.push(...args);
    try {
      expect(parseBroadcastMode("typo")).toBe("all");
    } finally {
      console.warn = original;
    }
    expect(String(logged[0])).toContain('"typo"');
  });

  it("SuperAuditor v1, §8: no knob falls back silently: every fallback warns and no knob holds a mode it does not understand", () => {
    const rows: [string | undefined, string, string, string][] = [
      // value, session start, mode, warning ("" for none)
      [undefined, "", "all", ""],
      ["all", "context", "all", ""],
      ["off", "", "off", ""],
      ["context", "context", "context", ""],
      [" Context ", "session_start", "context", ""],
      ["of", "context", "all", '"of"'],
      ["none", "", "all", '"none"'],
      ["context", "", "all", "session-start"],
    ];
    for (const [value, sessionStart, mode, warning] of rows) {
      const warned: string[] = [];
      const k = new BroadcastKnob(value, sessionStart, (m) => warned.push(m));
      expect(k.mode, `${String(value)}/${sessionStart}`).toBe(mode);
      expect(k.sessionStart).toBe(sessionStart);
      if (warning === "") expect(warned).toEqual([]);
      else {
        expect(warned.length).toBe(1);
        expect(warned[0]).toContain(warning);
      }
      for (const name of ["context", "session_start", "list_tasks", GET_SESSION_FINDINGS_TOOL]) {
        const want = name !== GET_SESSION_FINDINGS_TOOL && (mode === "all" || (mode === "context" && name === sessionStart));
        expect(k.pushes(name), `${mode}/${sessionStart}: ${name}`).toBe(want);
      }
    }
    // The mode cannot be changed after construction.
    const k = new BroadcastKnob("off");
    expect(() => {
      (k as unknown as { mode: string }).mode = "bogus";
    }).toThrow();
    expect(k.pushes("list_tasks")).toBe(false);
  });

  it("SuperAuditor v1, C9: the default knob reproduces the pre-knob responses byte for byte, and every other value drops exactly the push it claims", async () => {
    const output: RawFinding[] = [
      { kind: "stale_pending", payload: { task_id: 6, days_stale: 62 } },
      { kind: "duplicate_pending", payload: { task_id: 9 } },
      ...Array.from({ length: 7 }, (_, i) => ({ kind: "stale_pending", payload: { task_id: 100 + i } })),
    ];
    // Responses as the server writes them today, with their own spacing and member order.
    const responses: Record<string, string> = {
      context: '{"session":"s1","goals":[]}',
      list_tasks: '{"tasks":[{"id":1},{"id":2}],"a":1}',
      get_task: '{\n  "title": "x",\n  "id": 6\n}\n',
      empty_reply: "{}",
      spaced: '{ "z" : 1.50 , "a" : "\\u00e9" }',
    };
    // The server before the knob: every response carried the block, rendered by its frozen code
    // from the detector's output, appended as the last member.
    const fetched = await trimmingDetector(output)({ perKindFetch: SPEC_DEFAULT_PER_KIND_LIMIT + 1 });
    const block = legacyBlock(fetched);
    const before: Record<string, string> = {};
    for (const [name, r] of Object.entries(responses)) before[name] = spliceBroadcastBlock(r, "_findings", block);
    expect(before["spaced"]).toBe('{ "z" : 1.50 , "a" : "\\u00e9","_findings":' + block + " }");

    const check = async (knob: BroadcastKnob | undefined, pushed: (name: string) => boolean) => {
      let calls = 0;
      const detector: FindingsDetector = (q) => {
        calls++;
        return trimmingDetector(output)(q);
      };
      const a = new Auditor(detector, opts({}, { fallbackInfo: true }), { ...(knob ? { knob } : {}), render: legacyBlock, key: "_findings" });
      for (const [name, r] of Object.entries(responses)) {
        calls = 0;
        const got = await a.push(name, r);
        expect(got, `${knob?.mode ?? "default"}: ${name}`).toBe(pushed(name) ? before[name] : r);
        if (!pushed(name)) expect(calls).toBe(0);
        if (knob) expect(knob.pushes(name)).toBe(pushed(name));
      }
      expect(await a.push(GET_SESSION_FINDINGS_TOOL, '{"findings":[]}')).toBe('{"findings":[]}');
    };
    const quiet = () => {};
    const always = () => true;
    await check(undefined, always);
    await check(new BroadcastKnob(), always);
    await check(new BroadcastKnob("", "context"), always);
    await check(new BroadcastKnob("all", "context"), always);
    await check(new BroadcastKnob("bogus", "context", quiet), always);
    await check(new BroadcastKnob("context", "", quiet), always);
    await check(new BroadcastKnob("off", "context"), () => false);
    await check(new BroadcastKnob("context", "context"), (n) => n === "context");
    await check(new BroadcastKnob("context", "get_task"), (n) => n === "get_task");

    // A server whose push is attached some other way keeps its own placement.
    const wrapped = new Auditor(trimmingDetector(output.slice(0, 1)), opts({}), {
      render: legacyBlock,
      attach: (r, b) => `{"result":${r},"findings":${b}}`,
    });
    expect(await wrapped.push("list_tasks", '{"a":1}')).toBe('{"result":{"a":1},"findings":{"findings":[{"kind":"stale_pending","task_id":6,"days_stale":62}],"count":1}}');
    // Misconfigurations and bad detector output are errors, not silent pushes.
    expect(await rejection(new Auditor(trimmingDetector([]), opts({})).push("list_tasks", "{}"))).toBeInstanceOf(Error);
    expect(await new Auditor(trimmingDetector([]), opts({}), { knob: new BroadcastKnob("off"), render: legacyBlock }).push("list_tasks", "{}")).toBe("{}");
    const bad = new Auditor(trimmingDetector([{ kind: "k", payload: { severity: "warn" } }]), opts({}), { render: legacyBlock });
    expect(await rejection(bad.push("list_tasks", "{}"))).toBeInstanceOf(DetectorOutputError);
  });

  it("SuperAuditor v1, §8: spliceBroadcastBlock appends the block as the last member and changes no other character", () => {
    const cases: [string, string][] = [
      ['{"a":1}', '{"a":1,"_findings":{"n":1}}'],
      ["{}", '{"_findings":{"n":1}}'],
      ["{ }\n", '{"_findings":{"n":1} }\n'],
      ['{\n  "a": 1\n}\n', '{\n  "a": 1,"_findings":{"n":1}\n}\n'],
    ];
    for (const [inp, want] of cases) expect(spliceBroadcastBlock(inp, "_findings", '{"n":1}')).toBe(want);
    for (const inp of ["[1]", '{"a":', "", '"x"']) expect(() => spliceBroadcastBlock(inp, "k", "1")).toThrow();
    expect(() => spliceBroadcastBlock("{}", "k", "{")).toThrow();
    expect(spliceBroadcastBlock("{}", "find<ings>", "1")).toBe('{"find\\u003cings\\u003e":1}');
  });

  it("SuperAuditor v1, §5.3: every channel is fed by the single detector; a probe pushed and pulled gives the same findings", async () => {
    await fc.assert(
      fc.asyncProperty(cases, fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { nil: undefined }), async (c, key) => {
        const queries: DetectorQuery[] = [];
        // The legacy block of this server: the first `limit` findings of each kind, kind and
        // payload, and the kinds it had to cut.
        const render = (findings: readonly RawFinding[]): string => {
          const seen = new Map<string, number>();
          const out: Record<string, unknown>[] = [];
          const order: string[] = [];
          for (const f of findings) {
            const n = seen.get(f.kind) ?? 0;
            if (n === 0) order.push(f.kind);
            if (n < c.limit) out.push({ kind: f.kind, ...f.payload });
            seen.set(f.kind, n + 1);
          }
          return JSON.stringify({ findings: out, cut: order.filter((k) => (seen.get(k) ?? 0) > c.limit) });
        };
        const a = new Auditor(trimmingDetector(c.output, queries), opts(c.smap), { render, key: "_findings", perKindFetch: c.limit + 1 });
        const params: GetSessionFindingsParams = key === undefined ? { per_kind_limit: c.limit } : { per_kind_limit: c.limit, session_key: key };
        const pulled = await a.getSessionFindings(params);
        const pushed = JSON.parse(await a.push("list_tasks", '{"tasks":[]}', key)) as { _findings: { findings: unknown[]; cut: string[] } };
        const withoutSeverity = pulled.findings.map((f) => {
          const copy: Record<string, unknown> = { ...f };
          delete copy["severity"]; // the frozen block has none (§8)
          return copy;
        });
        expect(pushed._findings.findings).toEqual(withoutSeverity);
        expect(pushed._findings.cut).toEqual(pulled.capped_kinds);
        expect(queries.length).toBe(2);
        expect(queries[1]).toEqual(queries[0]);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("SuperAuditor v1 interoperability in TypeScript (schema/README.md)", () => {
  const long = "k".repeat(300);
  // A response a conforming server other than ours may send: members a later minor version may
  // add, identity_shared false (the standard says SHOULD omit), a limit above ours, and kinds and
  // a server version longer than ours.
  const other =
    `{"findings":[{"kind":"${long}","severity":"warn","n":1}],"total":1,` +
    `"counts_by_kind":{"${long}":1},"counts_by_severity":{"warn":1},` +
    `"capped_kinds":["${long}","other_kind"],"per_kind_limit":50000,` +
    `"identity_shared":false,"next_cursor":"abc","x-stats":{"ms":3},` +
    `"_meta":{"server_version":"${"v".repeat(500)}","region":"eu"}}`;

  it("a consumer accepts everything the standard allows a server to send, and keeps what it does not know", () => {
    const r = parseFindingsResponse(other);
    if (!r.ok) throw new Error("refused: " + JSON.stringify(r.errors));
    expect(r.value.per_kind_limit).toBe(50000);
    expect(r.value.identity_shared).toBe(false);
    expect(JSON.parse(JSON.stringify(r.value))).toEqual(JSON.parse(other));
    expect(ajvCheck("FindingsResponse", JSON.parse(other)).errors).toEqual([]);
    const counts = '{"findings":[],"total":0,"counts_by_kind":{"a":20000},"counts_by_severity":{},"capped_kinds":[],"per_kind_limit":20000,"_meta":{"server_version":"x"}}';
    expect(parseFindingsResponse(counts).ok).toBe(true);
    expect(parseFinding(`{"kind":"${"k".repeat(1000)}","severity":"info"}`).ok).toBe(true);
    // What the standard does not allow is still refused.
    for (const bad of [
      other.replace('"identity_shared":false', '"identity_shared":"no"'),
      other.replace('"per_kind_limit":50000', '"per_kind_limit":-1'),
      other.replace('"counts_by_severity":{"warn":1}', '"counts_by_severity":{"notice":1}'),
      other.replace('"severity":"warn"', '"severity":"high"'),
      other.replace('"capped_kinds":[', '"capped_kinds":["",'),
    ]) {
      expect(parseFindingsResponse(bad).ok, bad.slice(0, 120)).toBe(false);
    }
  });

  it("a server built on the package keeps its own, narrower bounds and sends no member the schema does not declare", () => {
    expect([MAX_KIND_LENGTH, MAX_SERVER_VERSION_LENGTH, MAX_PER_KIND_LIMIT]).toEqual([200, 128, 10000]);
    const o = opts({}, { fallbackInfo: true });
    expect(buildFindingsResponse([{ kind: "é".repeat(MAX_KIND_LENGTH) }], {}, o).total).toBe(1);
    expect(thrown(() => buildFindingsResponse([{ kind: "é".repeat(MAX_KIND_LENGTH + 1) }], {}, o))).toBeInstanceOf(DetectorOutputError);
    expect(buildFindingsResponse([], {}, { severities: {}, serverVersion: "ü".repeat(MAX_SERVER_VERSION_LENGTH) })._meta.server_version.length).toBe(MAX_SERVER_VERSION_LENGTH);
    expect(thrown(() => buildFindingsResponse([], {}, { severities: {}, serverVersion: "ü".repeat(MAX_SERVER_VERSION_LENGTH + 1) }))).toBeInstanceOf(Error);
    expect(thrown(() => buildFindingsResponse([], { per_kind_limit: MAX_PER_KIND_LIMIT + 1 }, o))).toBeInstanceOf(FindingsParamsError);
    const declared = ["findings", "total", "counts_by_kind", "counts_by_severity", "capped_kinds", "per_kind_limit", "summary", "identity_shared", "_meta"];
    fc.assert(
      fc.property(cases, fc.boolean(), (c, shared) => {
        const resp = buildFindingsResponse(c.output, { per_kind_limit: c.limit }, opts(c.smap, { sharedTransport: shared }));
        for (const k of Object.keys(resp)) expect(declared).toContain(k);
        expect(Object.keys(resp._meta)).toEqual(["server_version"]);
        expect(resp.identity_shared === undefined || resp.identity_shared).toBe(true);
        expect(new Set(resp.capped_kinds).size).toBe(resp.capped_kinds.length);
      }),
      { numRuns: RUNS },
    );
  });
});
