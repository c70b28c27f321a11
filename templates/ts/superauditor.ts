// SuperAuditor v1 behaviour: the delivery contract for findings. The semantics are those of the
// generated Go package (templates/go/superauditor.go.tmpl, docs/superauditor.md); section
// numbers (§) refer to the SuperAuditor v1 standard, conformance items C1–C9 to its §9. The
// shared fixtures live in conformance/superauditor/v1/. No dependencies.
//
// Payload values are unknown and opaque: they are copied (arrays and plain objects deeply, every
// other value as it is) and never converted, so a payload parsed with a lossless JSON reader
// (integers beyond 2^53 as bigint or as a wrapper object) keeps its exact values. JSON.parse, and
// so the parse functions of this package, round such integers to the nearest double.
import type { Finding, FindingsResponse, GetSessionFindingsParams, Severity } from "./types.js";
import { codePointLength, hasOwn } from "./runtime.js";
import { isSeverity } from "./validate.js";

/** The name of the pull tool (§5.1). */
export const GET_SESSION_FINDINGS_TOOL = "get_session_findings";
/** The per_kind_limit applied when the caller gives none (§5.1). */
export const DEFAULT_PER_KIND_LIMIT = 5;
/**
 * The largest per_kind_limit this server accepts (the maximum of the GetSessionFindingsParams
 * schema). A limit of 0 is valid: it returns no findings and lists every kind that had findings in
 * capped_kinds.
 */
export const MAX_PER_KIND_LIMIT = 10000;
/**
 * The longest kind, in characters, this server sends. The standard sets no bound and the
 * FindingsResponse schema accepts any non-empty kind from other servers; this producer-side bound
 * keeps a runaway probe name out of every consumer's response.
 */
export const MAX_KIND_LENGTH = 200;
/** The longest _meta.server_version, in characters, this server sends (a producer-side bound like MAX_KIND_LENGTH). */
export const MAX_SERVER_VERSION_LENGTH = 128;

/**
 * FindingsParamsError marks a request the tool must refuse: per_kind_limit outside
 * 0..MAX_PER_KIND_LIMIT (or not an integer), or a session_key that is empty or longer than 256
 * characters.
 */
export class FindingsParamsError extends Error {
  constructor(message: string) {
    super("superauditor: invalid get_session_findings parameters: " + message);
    this.name = "FindingsParamsError";
  }
}

/**
 * DetectorOutputError marks detector output that cannot be delivered: an empty or over-long
 * kind, or a payload that carries the reserved key "kind" or "severity" (severity belongs to the
 * kind and comes from the static map, §4).
 */
export class DetectorOutputError extends Error {
  constructor(message: string) {
    super("superauditor: invalid detector output: " + message);
    this.name = "DetectorOutputError";
  }
}

// ---------------------------------------------------------------------------------------------
// Severity (§4)

/** The severities from the most to the least serious. */
const RANKED: readonly Severity[] = ["critical", "warn", "info"];

/**
 * severityRank orders the severity vocabulary (§4): critical (3) > warn (2) > info (1). A value
 * outside the vocabulary ranks 0, below info.
 */
export function severityRank(s: string): number {
  switch (s) {
    case "critical":
      return 3;
    case "warn":
      return 2;
    case "info":
      return 1;
  }
  return 0;
}

/**
 * compareSeverity returns -1, 0 or +1 as a is less serious than, as serious as, or more serious
 * than b (severityRank). It suits Array.prototype.sort (ascending seriousness).
 */
export function compareSeverity(a: string, b: string): -1 | 0 | 1 {
  const ra = severityRank(a);
  const rb = severityRank(b);
  return ra < rb ? -1 : ra > rb ? 1 : 0;
}

/**
 * The static kind → severity map (§4). Severity is an attribute of the kind, never of one
 * finding. Values outside the vocabulary are representable (a map may come from configuration)
 * and are reported by resolveSeverity and coversProbes. Only own properties count.
 */
export type SeverityMap = { readonly [kind: string]: string };

/** SeverityMapError names every kind a SeverityMap cannot serve. */
export class SeverityMapError extends Error {
  /** Kinds without an entry. */
  readonly unmapped: string[];
  /** Kinds whose entry is not one of critical, warn, info. */
  readonly invalid: string[];
  constructor(unmapped: string[], invalid: string[]) {
    const parts: string[] = [];
    if (unmapped.length > 0) parts.push("no entry for kind(s) " + quoteList(unmapped));
    if (invalid.length > 0) parts.push("entry outside critical|warn|info for kind(s) " + quoteList(invalid));
    super("superauditor: severity map: " + parts.join("; "));
    this.name = "SeverityMapError";
    this.unmapped = unmapped;
    this.invalid = invalid;
  }
}

function entry(m: SeverityMap, kind: string): string | undefined {
  return hasOwn(m, kind) ? m[kind] : undefined;
}

/** lookupSeverity returns the entry for kind when it exists and is in the vocabulary. */
export function lookupSeverity(m: SeverityMap, kind: string): Severity | undefined {
  const s = entry(m, kind);
  return isSeverity(s) ? s : undefined;
}

/**
 * resolveSeverity returns the severity of kind (§4). An entry outside the vocabulary always
 * throws a SeverityMapError. An unmapped kind resolves to info when fallbackInfo is set (C5: info
 * is the only runtime fallback allowed); without it, it throws a SeverityMapError naming it.
 */
export function resolveSeverity(m: SeverityMap, kind: string, fallbackInfo: boolean): Severity {
  const s = entry(m, kind);
  if (isSeverity(s)) return s;
  if (s !== undefined) throw new SeverityMapError([], [kind]);
  if (fallbackInfo) return "info";
  throw new SeverityMapError([kind], []);
}

/**
 * coversProbes reports whether the map covers the probe registry (§4, C6): it returns null when
 * every probe kind has an entry in the vocabulary, and otherwise a SeverityMapError naming EVERY
 * probe kind without an entry (unmapped) and every one whose entry is not critical, warn or info
 * (invalid), each list sorted and without duplicates. A server calls it from its own tests with
 * its full probe registry. Entries for kinds outside the registry are allowed.
 */
export function coversProbes(m: SeverityMap, probeKinds: readonly string[]): SeverityMapError | null {
  const unmapped: string[] = [];
  const invalid: string[] = [];
  for (const kind of sortedUnique(probeKinds)) {
    const s = entry(m, kind);
    if (s === undefined) unmapped.push(kind);
    else if (!isSeverity(s)) invalid.push(kind);
  }
  return unmapped.length > 0 || invalid.length > 0 ? new SeverityMapError(unmapped, invalid) : null;
}

/**
 * checkLexicalProbes enforces the rule of §4 that a probe whose only evidence is a lexical match
 * must never be warn or critical. It returns an Error naming every listed kind (sorted) whose
 * entry is warn or critical, and null otherwise. Unmapped kinds are left to coversProbes.
 */
export function checkLexicalProbes(m: SeverityMap, lexicalKinds: readonly string[]): Error | null {
  const bad: string[] = [];
  for (const kind of sortedUnique(lexicalKinds)) {
    const s = entry(m, kind) ?? "";
    if (severityRank(s) > severityRank("info")) bad.push(goQuote(kind) + " is " + s);
  }
  return bad.length > 0 ? new Error("superauditor: lexical-match probes must not be warn or critical: " + bad.join(", ")) : null;
}

// ---------------------------------------------------------------------------------------------
// Delivery: get_session_findings (§5, §6, §7)

/**
 * One finding as the detector produced it: the probe's kind and its payload, without severity
 * (assigned from the SeverityMap, §4). Payload keys are server-defined; "kind" and "severity" are
 * reserved and rejected.
 */
export interface RawFinding {
  kind: string;
  payload?: { readonly [key: string]: unknown };
}

/** The server side of a get_session_findings call. */
export interface FindingsOptions {
  /** The static kind → severity map (§4). */
  severities: SeverityMap;
  /** Resolves unmapped kinds to info (C5). When false, an unmapped kind is an error naming it. */
  fallbackInfo?: boolean;
  /**
   * The deployment cannot tell sessions apart unless the client declares a session_key; with no
   * session_key the response then carries identity_shared: true (§7, C8).
   */
  sharedTransport?: boolean;
  /** Written to _meta.server_version (§5.2): 1 to 128 characters. */
  serverVersion: string;
}

/**
 * buildFindingsResponse is the pure core of get_session_findings (§5.2, §6), with exactly the
 * semantics of the Go package's BuildFindingsResponse:
 *
 * - findings: detectorOutput in detector order, keeping the first per_kind_limit findings of
 *   each kind (C1); each gets its kind's severity from opts.severities (C4, C5).
 * - capped_kinds: every kind of which detectorOutput holds more findings than were returned,
 *   decided by observation (C2), in order of the kind's first appearance in detectorOutput;
 *   [] when nothing was capped. With per_kind_limit 0 every kind present is capped.
 * - total, counts_by_kind, counts_by_severity: over the returned findings only (C3), non-zero
 *   counts only.
 * - per_kind_limit: the limit applied (5 when params has none).
 * - summary: present iff params.include_summary (default true); renderFindingsSummary of the
 *   response.
 * - identity_shared: true when opts.sharedTransport and params has no session_key (C8); absent
 *   otherwise.
 * - _meta.server_version: opts.serverVersion.
 *
 * There is deliberately NO isolation filter (§7, C7). A kind's severity is resolved even when none
 * of its findings is returned, so the outcome of an unmapped kind does not depend on the limit.
 *
 * Throws FindingsParamsError (per_kind_limit outside 0..MAX_PER_KIND_LIMIT, session_key empty or
 * over 256 characters), DetectorOutputError (kind empty or over 200 characters, payload key "kind"
 * or "severity"), SeverityMapError (unmapped kinds in order of first appearance when
 * opts.fallbackInfo is false, or entries outside the vocabulary), or an Error for a serverVersion
 * that is empty or over 128 characters. The inputs are never modified: payloads are copied.
 */
export function buildFindingsResponse(
  detectorOutput: readonly RawFinding[],
  params: GetSessionFindingsParams,
  opts: FindingsOptions,
): FindingsResponse {
  const limit = checkParams(params);
  const sv = codePointLength(opts.serverVersion);
  if (sv < 1 || sv > MAX_SERVER_VERSION_LENGTH) {
    throw new Error("superauditor: FindingsOptions.ServerVersion must have 1 to " + MAX_SERVER_VERSION_LENGTH + " characters, has " + sv);
  }
  checkDetectorOutput(detectorOutput);

  // Resolve every kind once, in order of first appearance.
  const kinds: string[] = [];
  const severity = new Map<string, Severity>();
  const unmapped: string[] = [];
  const invalid: string[] = [];
  for (const raw of detectorOutput) {
    if (severity.has(raw.kind)) continue;
    kinds.push(raw.kind);
    let s: Severity = "info";
    try {
      s = resolveSeverity(opts.severities, raw.kind, opts.fallbackInfo === true);
    } catch (err) {
      if (!(err instanceof SeverityMapError)) throw err;
      unmapped.push(...err.unmapped);
      invalid.push(...err.invalid);
    }
    severity.set(raw.kind, s);
  }
  if (unmapped.length > 0 || invalid.length > 0) throw new SeverityMapError(unmapped, invalid);

  const findings: Finding[] = [];
  const countsByKind = new Map<string, number>();
  const countsBySeverity = new Map<string, number>();
  const capped = new Set<string>();
  for (const raw of detectorOutput) {
    const c = countsByKind.get(raw.kind) ?? 0;
    if (c >= limit) {
      capped.add(raw.kind); // observed: one more than the limit exists
      continue;
    }
    const s = severity.get(raw.kind) ?? "info";
    findings.push(finding(raw.kind, s, raw.payload));
    countsByKind.set(raw.kind, c + 1);
    countsBySeverity.set(s, (countsBySeverity.get(s) ?? 0) + 1);
  }
  const resp: FindingsResponse = {
    findings,
    total: findings.length,
    counts_by_kind: Object.fromEntries(countsByKind),
    counts_by_severity: Object.fromEntries(countsBySeverity),
    capped_kinds: kinds.filter((k) => capped.has(k)),
    per_kind_limit: limit,
    _meta: { server_version: opts.serverVersion },
  };
  if (opts.sharedTransport === true && params.session_key === undefined) resp.identity_shared = true;
  if (params.include_summary !== false) resp.summary = renderFindingsSummary(resp);
  return resp;
}

// checkDetectorOutput applies the producer's rules to what a detector returned (§3, §4): every
// kind has 1 to MAX_KIND_LENGTH characters and no payload carries "kind" or "severity".
function checkDetectorOutput(out: readonly RawFinding[]): void {
  out.forEach((raw, i) => {
    const n = codePointLength(raw.kind);
    if (n < 1 || n > MAX_KIND_LENGTH) {
      throw new DetectorOutputError("finding " + i + ": kind " + goQuote(raw.kind) + " must have 1 to " + MAX_KIND_LENGTH + " characters");
    }
    for (const reserved of ["kind", "severity"]) {
      if (raw.payload !== undefined && hasOwn(raw.payload, reserved)) {
        throw new DetectorOutputError("finding " + i + " (kind " + goQuote(raw.kind) + "): payload carries the reserved key " + goQuote(reserved));
      }
    }
  });
}

// finding builds a Finding with kind and severity first, then a copy of the payload.
function finding(kind: string, severity: Severity, payload: RawFinding["payload"]): Finding {
  const entries: [string, unknown][] = [
    ["kind", kind],
    ["severity", severity],
  ];
  if (payload !== undefined) {
    for (const k of Object.keys(payload)) entries.push([k, copyJSON(payload[k])]);
  }
  return Object.fromEntries(entries) as Finding;
}

// copyJSON copies arrays and plain objects deeply (without recursion) so the response shares no
// array or object with the input; every other value (including bigints and class instances that
// represent exact numbers) is kept as it is.
function copyJSON(v: unknown): unknown {
  if (!isContainer(v)) return v;
  const root: unknown[] = [undefined];
  const stack: [unknown, unknown[] | Record<string, unknown>, string | number][] = [[v, root, 0]];
  while (stack.length > 0) {
    const [src, dst, at] = stack.pop()!;
    let out: unknown = src;
    if (Array.isArray(src)) {
      const a: unknown[] = new Array<unknown>(src.length);
      src.forEach((x, i) => stack.push([x, a, i]));
      out = a;
    } else if (isContainer(src)) {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(src)) {
        Object.defineProperty(o, k, { value: undefined, enumerable: true, writable: true, configurable: true });
        stack.push([(src as Record<string, unknown>)[k], o, k]);
      }
      out = o;
    }
    (dst as Record<string | number, unknown>)[at] = out;
  }
  return root[0];
}

function isContainer(v: unknown): v is object {
  if (Array.isArray(v)) return true;
  if (typeof v !== "object" || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** What get_session_findings asks of the detector. */
export interface DetectorQuery {
  /**
   * The client-declared session label (§7): an opaque partition hint, not authentication.
   * Per-session probes MUST scope by it; absent when none was declared.
   */
  sessionKey?: string;
  /**
   * per_kind_limit + 1: the detector returns, in its own order, at most this many findings of
   * each kind (returning more is allowed and trimmed). The extra one is how capping is observed.
   */
  perKindFetch: number;
}

/**
 * The single detection implementation behind every channel that delivers findings (§5.3). It must
 * be read-only and receives no isolation axis (§7, C7).
 */
export type FindingsDetector = (q: DetectorQuery) => readonly RawFinding[] | Promise<readonly RawFinding[]>;

/**
 * getSessionFindings serves get_session_findings (§5): it checks params, asks the detector for
 * per_kind_limit+1 findings per kind, and builds the response with buildFindingsResponse. Every
 * call runs the detector (no cache, no rate limit).
 */
export async function getSessionFindings(detector: FindingsDetector, params: GetSessionFindingsParams, opts: FindingsOptions): Promise<FindingsResponse> {
  const limit = checkParams(params);
  const q: DetectorQuery = params.session_key !== undefined ? { sessionKey: params.session_key, perKindFetch: limit + 1 } : { perKindFetch: limit + 1 };
  return buildFindingsResponse(await detect(detector, q), params, opts);
}

// detect runs the detector, wrapping what it throws.
async function detect(detector: FindingsDetector, q: DetectorQuery): Promise<readonly RawFinding[]> {
  try {
    return await detector(q);
  } catch (err) {
    throw new Error("superauditor: detector: " + (err instanceof Error ? err.message : String(err)), { cause: err });
  }
}

/**
 * renderFindingsSummary renders the human-readable summary of a response (§5.2) from its
 * findings, capped_kinds and per_kind_limit only, byte for byte like the Go package's
 * RenderFindingsSummary. Lines are joined by "\n", with no trailing newline:
 *
 *     Findings: <total> returned (per_kind_limit <limit>).
 *     By severity: critical <n>, warn <n>, info <n>.     (only when total > 0; zero counts left out)
 *     - <kind> (<severity>): <count>                      (one line per returned kind, first appearance order)
 *     Capped (more exist than returned): <kind>, <kind>.  (only when capped_kinds is not empty)
 */
export function renderFindingsSummary(resp: Pick<FindingsResponse, "findings" | "capped_kinds" | "per_kind_limit">): string {
  let b = "Findings: " + resp.findings.length + " returned (per_kind_limit " + goInt(resp.per_kind_limit) + ").";
  const kinds: string[] = [];
  const count = new Map<string, number>();
  const sev = new Map<string, string>();
  const bySeverity = new Map<string, number>();
  for (const f of resp.findings) {
    const c = count.get(f.kind);
    if (c === undefined) {
      kinds.push(f.kind);
      sev.set(f.kind, f.severity);
    }
    count.set(f.kind, (c ?? 0) + 1);
    bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
  }
  if (resp.findings.length > 0) {
    const parts: string[] = [];
    for (const s of RANKED) {
      const n = bySeverity.get(s) ?? 0;
      if (n > 0) parts.push(s + " " + n);
    }
    b += "\nBy severity: " + parts.join(", ") + ".";
  }
  for (const kind of kinds) b += "\n- " + kind + " (" + (sev.get(kind) ?? "") + "): " + (count.get(kind) ?? 0);
  if (resp.capped_kinds.length > 0) b += "\nCapped (more exist than returned): " + resp.capped_kinds.join(", ") + ".";
  return b;
}

// goInt writes an integer like Go's %d (no exponent for large values).
function goInt(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : BigInt(Math.trunc(n)).toString();
}

// checkParams returns the per_kind_limit to apply, or throws a FindingsParamsError.
function checkParams(params: GetSessionFindingsParams): number {
  const limit = params.per_kind_limit ?? DEFAULT_PER_KIND_LIMIT;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PER_KIND_LIMIT) {
    throw new FindingsParamsError("per_kind_limit " + limit + " is outside 0.." + MAX_PER_KIND_LIMIT);
  }
  if (params.session_key !== undefined) {
    const n = codePointLength(params.session_key);
    if (n < 1 || n > 256) throw new FindingsParamsError("session_key must have 1 to 256 characters (omit it to declare none)");
  }
  return limit;
}

function sortedUnique(s: readonly string[]): string[] {
  // Go sorts strings bytewise, which is code point order.
  const out = [...new Set(s)];
  out.sort((a, b) => {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const cx = x[i]?.codePointAt(0) ?? 0;
      const cy = y[i]?.codePointAt(0) ?? 0;
      if (cx !== cy) return cx - cy;
    }
    return x.length - y.length;
  });
  return out;
}

// goQuote approximates Go's strconv.Quote for messages.
function goQuote(s: string): string {
  return JSON.stringify(s);
}

function quoteList(s: readonly string[]): string {
  return s.map(goQuote).join(", ");
}

// ---------------------------------------------------------------------------------------------
// Broadcast coexistence (§8) and the single detector (§5.3)

/** The runtime knob that governs an existing findings broadcast (§8). */
export type BroadcastMode = "all" | "off" | "context";

// Go's unicode.IsSpace set, for trimming exactly like strings.TrimSpace.
const GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const TRIM = new RegExp("^" + GO_SPACE + "+|" + GO_SPACE + "+$", "g");

/**
 * parseBroadcastMode reads the knob value (e.g. from an environment variable), ignoring
 * surrounding spaces and letter case. "" (and undefined) mean the default, "all". An
 * unrecognised value falls back to "all" and calls warn with a message naming it, so a typo never
 * silently blinds the audit (§8); without warn the message goes to console.warn.
 */
export function parseBroadcastMode(s: string | undefined, warn?: (message: string) => void): BroadcastMode {
  const v = (s ?? "").replace(TRIM, "").toLowerCase();
  switch (v) {
    case "":
    case "all":
      return "all";
    case "off":
      return "off";
    case "context":
      return "context";
  }
  warnWith(warn, "superauditor: unrecognised broadcast mode " + goQuote(s ?? "") + " (want all, off or context); falling back to all");
  return "all";
}

// warnWith hands message to warn, or to console.warn when warn is absent.
function warnWith(warn: ((message: string) => void) | undefined, message: string): void {
  if (warn) warn(message);
  else (globalThis as { console?: { warn(message: string): void } }).console?.warn(message);
}

/**
 * BroadcastKnob decides which responses carry the frozen broadcast block (§8). Its state is
 * private and set once, by the constructor, so a knob only ever holds a mode it understands: no
 * knob can meet a value it would have to fall back from without saying so.
 */
export class BroadcastKnob {
  readonly #mode: BroadcastMode;
  readonly #sessionStart: string;

  /**
   * Builds the knob for value, the deployment's configured text (for example
   * process.env.FINDINGS_BROADCAST), read by parseBroadcastMode: "" and undefined are the default,
   * "all", and an unrecognised value falls back to "all" with a warning. sessionStart names the
   * one response that keeps the push under "context" (CScheduler uses its session-start read,
   * "context"). "context" without a session-start name has no response to keep the push on, so it
   * too falls back to "all" with a warning, rather than silently dropping every push. Warnings go
   * to warn, or to console.warn when warn is absent.
   */
  constructor(value?: string, sessionStart = "", warn?: (message: string) => void) {
    let mode = parseBroadcastMode(value, warn);
    if (mode === "context" && sessionStart === "") {
      warnWith(warn, "superauditor: broadcast mode context needs the name of the session-start response; falling back to all");
      mode = "all";
    }
    this.#mode = mode;
    this.#sessionStart = sessionStart;
  }

  /** The knob's mode. */
  get mode(): BroadcastMode {
    return this.#mode;
  }

  /** The response that keeps the push under "context". */
  get sessionStart(): string {
    return this.#sessionStart;
  }

  /**
   * pushes reports whether the response named responseName carries the broadcast block: under
   * all, every response; under off, none; under context, only the session-start response. The
   * get_session_findings response never carries it (§5.2), whatever the mode.
   */
  pushes(responseName: string): boolean {
    if (responseName === GET_SESSION_FINDINGS_TOOL) return false;
    switch (this.#mode) {
      case "off":
        return false;
      case "context":
        return responseName === this.#sessionStart;
    }
    return true;
  }
}

/**
 * An existing findings push, kept during the migration to the pull tool (§8). Its block is
 * rendered by the server's frozen rendering code from what the Auditor's detector returns.
 */
export interface Broadcast {
  /** Decides which responses carry the block; absent means new BroadcastKnob(), all (today's behaviour). */
  knob?: BroadcastKnob;
  /**
   * How many findings of each kind the detector is asked for and render receives at most (in
   * detector order); absent means DEFAULT_PER_KIND_LIMIT + 1, enough for a block capped at
   * DEFAULT_PER_KIND_LIMIT to observe which kinds it capped (§6).
   */
  perKindFetch?: number;
  /** Writes the block (JSON text) from the detector's findings: the server's existing rendering, frozen (§8: no severity). */
  render: (findings: readonly RawFinding[]) => string;
  /** The member under which the block is appended to a JSON object response (spliceBroadcastBlock), unless attach is set. */
  key?: string;
  /** Places the block into the response instead of spliceBroadcastBlock, for a server whose existing push is attached some other way. */
  attach?: (response: string, block: string) => string;
}

/**
 * Auditor delivers findings on every channel from one detector (§5.3): the pull tool
 * (getSessionFindings) and, while an existing broadcast is retired, the push (push). Both methods
 * ask the same detector; the broadcast has no source of findings of its own, so a probe cannot
 * mean one thing pushed and another pulled. A server without a broadcast may call the function
 * getSessionFindings instead.
 */
export class Auditor {
  constructor(
    /** The single detection implementation behind both channels. */
    readonly detector: FindingsDetector,
    /** The server side of get_session_findings. */
    readonly options: FindingsOptions,
    /** The existing push; only push reads it. */
    readonly broadcast?: Broadcast,
  ) {}

  /** The pull channel: getSessionFindings(this.detector, params, this.options). */
  getSessionFindings(params: GetSessionFindingsParams): Promise<FindingsResponse> {
    return getSessionFindings(this.detector, params, this.options);
  }

  /**
   * The broadcast channel. When the knob pushes on responseName, it asks the detector for
   * broadcast.perKindFetch findings of each kind (with sessionKey, as the pull tool would:
   * undefined when none was declared), renders the block from them and attaches it to response.
   * Otherwise it returns response itself, untouched, without running the detector. Under the
   * default knob the result is therefore exactly what the server sent before the knob (C9), and
   * every other mode drops the push, and only the push, from the responses it claims. The
   * get_session_findings response never carries the block (§5.2). The detector's output is held
   * to the same rules as for the pull tool (DetectorOutputError).
   */
  async push(responseName: string, response: string, sessionKey?: string): Promise<string> {
    const b = this.broadcast;
    const knob = b?.knob ?? DEFAULT_KNOB;
    if (!knob.pushes(responseName)) return response;
    if (b === undefined) throw new Error("superauditor: Auditor.push needs a broadcast with a render function");
    const fetch = b.perKindFetch ?? DEFAULT_PER_KIND_LIMIT + 1;
    if (!Number.isSafeInteger(fetch) || fetch < 0) throw new Error("superauditor: broadcast.perKindFetch " + fetch + " is not a non-negative integer");
    const q: DetectorQuery = sessionKey !== undefined ? { sessionKey, perKindFetch: fetch } : { perKindFetch: fetch };
    const out = await detect(this.detector, q);
    checkDetectorOutput(out);
    const kept: RawFinding[] = [];
    const perKind = new Map<string, number>();
    for (const f of out) {
      const n = perKind.get(f.kind) ?? 0;
      if (n < fetch) kept.push(f);
      perKind.set(f.kind, n + 1);
    }
    let block: string;
    try {
      block = b.render(kept);
    } catch (err) {
      throw new Error("superauditor: broadcast render: " + (err instanceof Error ? err.message : String(err)), { cause: err });
    }
    return b.attach !== undefined ? b.attach(response, block) : spliceBroadcastBlock(response, b.key ?? "", block);
  }
}

const DEFAULT_KNOB = new BroadcastKnob();

/**
 * spliceBroadcastBlock appends "key": block as the last member of the JSON object response,
 * copying every existing character unchanged (no re-encoding), like the Go package's
 * SpliceBroadcastBlock (the key is written as Go's encoding/json writes it). block must be valid
 * JSON and response a JSON object; otherwise it throws.
 */
export function spliceBroadcastBlock(response: string, key: string, block: string): string {
  if (!validJSON(block)) throw new Error("superauditor: broadcast block is not valid JSON");
  const trimmed = response.replace(/[ \t\r\n]+$/, "");
  if (!validJSON(response) || trimmed === "" || !trimmed.endsWith("}")) {
    throw new Error("superauditor: response is not a JSON object");
  }
  const body = trimmed.slice(0, -1).replace(/[ \t\r\n]+$/, "");
  const insertAt = body.length;
  const sep = body.endsWith("{") ? "" : ",";
  return response.slice(0, insertAt) + sep + goJSONString(key) + ":" + block + response.slice(insertAt);
}

function validJSON(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

// goJSONString writes s as Go's json.Marshal does: HTML-sensitive characters and the line and
// paragraph separators escaped, unpaired surrogates replaced by U+FFFD.
function goJSONString(s: string): string {
  const wellFormed = s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return JSON.stringify(wellFormed).replace(/[<>&\u2028\u2029]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}
