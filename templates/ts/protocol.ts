// Skill-sharing protocol behaviour: protocol version compatibility (Properties 9 and 10), the
// Well-Known skill index with access control (Properties 5 and 6), a Fetch API handler that
// serves it, a consumer that fetches it, and capability filtering (Property 7). The semantics
// are those of the generated Go package (templates/go/protocol.go.tmpl); the decisions behind
// them are written down in docs/protocol.md. No dependencies.
import type { CapabilityType, Provider, SemVer, SkillDescriptor, SkillID, SkillIndex, SkillIndexEntry } from "./types.js";
import type { ValidationError } from "./runtime.js";
import { parseSkillDescriptor, parseSkillIndex, validateSkillDescriptor, validateSkillIndex } from "./validate.js";

// ---------------------------------------------------------------------------------------------
// Protocol versions
// ---------------------------------------------------------------------------------------------

/**
 * The version of the skill-sharing protocol this package implements. buildIndex writes it into
 * an index when IndexOptions.protocol is not given.
 */
export const SUPPORTED_PROTOCOL_VERSION: SemVer = "1.0.0";

const UINT64_MAX = (BigInt(1) << BigInt(64)) - BigInt(1);

/** InvalidVersionError is thrown for a version that is not MAJOR.MINOR.PATCH. */
export class InvalidVersionError extends Error {
  /** The malformed version text. */
  readonly version: string;
  /** What is wrong with it. */
  readonly reason: string;
  constructor(version: string, reason: string, context = "") {
    super(context + "invalid protocol version " + JSON.stringify(version) + ": " + reason);
    this.name = "InvalidVersionError";
    this.version = version;
    this.reason = reason;
  }
}

/**
 * A parsed protocol version MAJOR.MINOR.PATCH. The numbers are bigints, so every version that
 * parseVersion accepts (each number up to 2^64-1, like Go's uint64) compares exactly.
 */
export class Version {
  constructor(
    readonly major: bigint,
    readonly minor: bigint,
    readonly patch: bigint,
  ) {}

  /** toString returns the version as MAJOR.MINOR.PATCH. */
  toString(): string {
    return this.major + "." + this.minor + "." + this.patch;
  }

  /** compare returns -1, 0 or +1 as this version is lower than, equal to or greater than w. */
  compare(w: Version): -1 | 0 | 1 {
    const pairs: [bigint, bigint][] = [
      [this.major, w.major],
      [this.minor, w.minor],
      [this.patch, w.patch],
    ];
    for (const [a, b] of pairs) {
      if (a < b) return -1;
      if (a > b) return 1;
    }
    return 0;
  }

  /**
   * compatibleWith reports whether a document declaring this protocol version can be processed
   * by a consumer that supports protocol version consumer: exactly when the MAJOR versions are
   * equal.
   */
  compatibleWith(consumer: Version): boolean {
    return this.major === consumer.major;
  }
}

/**
 * parseVersion parses s as MAJOR.MINOR.PATCH: exactly three non-negative decimal integers
 * separated by dots, without leading zeros (except the number 0 itself), signs, spaces,
 * pre-release or build suffixes (the SemVer schema's pattern); in addition each number must fit
 * in 64 bits unsigned. It throws an InvalidVersionError otherwise.
 */
export function parseVersion(s: string): Version {
  const parts = s.split(".");
  if (parts.length !== 3) throw new InvalidVersionError(s, "want MAJOR.MINOR.PATCH");
  const names = ["MAJOR", "MINOR", "PATCH"];
  const n: bigint[] = [];
  parts.forEach((p, i) => {
    const name = names[i] ?? "";
    if (p === "") throw new InvalidVersionError(s, name + " is empty");
    if (!/^[0-9]+$/.test(p)) throw new InvalidVersionError(s, name + " is not a non-negative decimal integer");
    if (p.length > 1 && p[0] === "0") throw new InvalidVersionError(s, name + " has a leading zero");
    const v = BigInt(p);
    if (v > UINT64_MAX) throw new InvalidVersionError(s, name + " is out of range");
    n.push(v);
  });
  return new Version(n[0] ?? BigInt(0), n[1] ?? BigInt(0), n[2] ?? BigInt(0));
}

/**
 * VersionIncompatibleError says that a document's protocol MAJOR version differs from the MAJOR
 * version the consumer supports. Its code is "version_incompatible", the error code the protocol
 * gives it, and its message names both versions.
 */
export class VersionIncompatibleError extends Error {
  /** The error code of the protocol. */
  readonly code = "version_incompatible" as const;
  /** The protocol version the document declares. */
  readonly descriptor: Version;
  /** The protocol version the consumer supports. */
  readonly consumer: Version;
  constructor(descriptor: Version, consumer: Version) {
    const rel = descriptor.major < consumer.major ? "older" : "newer";
    super(
      "incompatible protocol version: descriptor uses " + descriptor + ", consumer supports " + consumer +
        " (major " + descriptor.major + " is " + rel + " than major " + consumer.major + ")",
    );
    this.name = "VersionIncompatibleError";
    this.descriptor = descriptor;
    this.consumer = consumer;
  }
}

/**
 * checkCompatibility decides whether a consumer that supports protocol version
 * consumerSupported may process a document that declares protocol version descriptorProtocol:
 *
 * - same MAJOR: compatible (returns normally), whatever the MINOR and PATCH versions;
 * - descriptor MAJOR greater than the consumer's: throws a VersionIncompatibleError (Property 10);
 * - descriptor MAJOR lower than the consumer's: throws a VersionIncompatibleError too (under
 *   SemVer majors break in both directions).
 *
 * A malformed version throws an InvalidVersionError saying which of the two it is.
 */
export function checkCompatibility(descriptorProtocol: string, consumerSupported: string): void {
  const d = parseWithContext(descriptorProtocol, "descriptor protocol version: ");
  const c = parseWithContext(consumerSupported, "consumer protocol version: ");
  if (!d.compatibleWith(c)) throw new VersionIncompatibleError(d, c);
}

function parseWithContext(s: string, context: string): Version {
  try {
    return parseVersion(s);
  } catch (err) {
    if (err instanceof InvalidVersionError) throw new InvalidVersionError(s, err.reason, context);
    throw err;
  }
}

/**
 * checkDocumentProtocol checks the protocol version of a skill descriptor or skill index
 * document (JSON text) before anything else in it is interpreted: it reads only the document's
 * "protocol" / "version" member. It throws a VersionIncompatibleError when that version is
 * well-formed and its MAJOR differs from consumer's, and returns normally when it is compatible
 * or when the document has no well-formed protocol version (validation reports that). A
 * malformed consumer version throws an InvalidVersionError.
 */
export function checkDocumentProtocol(json: string, consumer: string): void {
  const c = parseWithContext(consumer, "consumer protocol version: ");
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    return;
  }
  const protocol = member(doc, "protocol");
  const version = member(protocol, "version");
  if (typeof version !== "string") return;
  let d: Version;
  try {
    d = parseVersion(version);
  } catch {
    return;
  }
  if (!d.compatibleWith(c)) throw new VersionIncompatibleError(d, c);
}

function member(v: unknown, key: string): unknown {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  return Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// The Well-Known skill index
// ---------------------------------------------------------------------------------------------

/** The path at which a provider domain serves its skill index (a Well-Known URI, RFC 8615). */
export const WELL_KNOWN_INDEX_PATH = "/.well-known/skills/index.json";

/** The path under which buildIndex places descriptors (see descriptorPath). */
export const WELL_KNOWN_DESCRIPTOR_PREFIX = "/.well-known/skills/descriptors/";

/**
 * descriptorPath returns the path of the descriptor of skill id:
 * "/.well-known/skills/descriptors/<id>.json". A valid SkillID needs no escaping; any other
 * string is escaped as a path segment (exactly like Go's url.PathEscape).
 */
export function descriptorPath(id: SkillID): string {
  return WELL_KNOWN_DESCRIPTOR_PREFIX + pathEscape(id) + ".json";
}

const HEX = "0123456789ABCDEF";

// pathEscape is Go's url.PathEscape: every byte of the UTF-8 encoding is percent-encoded except
// ASCII letters, digits and - _ . ~ $ & + : = @.
function pathEscape(s: string): string {
  let out = "";
  for (const ch of s) {
    if (/^[A-Za-z0-9\-_.~$&+:=@]$/.test(ch)) {
      out += ch;
      continue;
    }
    for (const b of utf8(ch.codePointAt(0) ?? 0xfffd)) out += "%" + HEX[b >> 4] + HEX[b & 15];
  }
  return out;
}

// utf8 encodes one code point (a lone surrogate as U+FFFD).
function utf8(c: number): number[] {
  if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
  if (c < 0x80) return [c];
  if (c < 0x800) return [0xc0 | (c >> 6), 0x80 | (c & 63)];
  if (c < 0x10000) return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
  return [0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)];
}

/** IndexOptions configures buildIndex. */
export interface IndexOptions {
  /**
   * Selects the view. false (the default) is the unauthenticated view: every skill whose access
   * is "public" or "restricted", and no "private" skill (Property 6). true is the authenticated
   * view: every skill, "private" ones included.
   */
  authenticated?: boolean;
  /**
   * When set, makes every descriptor_url absolute: baseURL without its trailing "/" followed by
   * descriptorPath(id). It must be an absolute https URL without user information, query or
   * fragment. When absent, descriptor_url is the path-absolute reference descriptorPath(id),
   * resolved against the URL the index was fetched from.
   */
  baseURL?: string;
  /** When set, written as the index's provider. */
  provider?: Provider;
  /** The protocol version written into the index; SUPPORTED_PROTOCOL_VERSION when absent. */
  protocol?: SemVer;
}

/** DuplicateIDError says that two descriptors given to buildIndex share an id. */
export class DuplicateIDError extends Error {
  constructor(
    readonly id: SkillID,
    /** The position of the first descriptor with the id. */
    readonly first: number,
    /** The position of the repeated one (first < second). */
    readonly second: number,
  ) {
    super("duplicate skill id " + JSON.stringify(id) + ": descriptors[" + first + "] and descriptors[" + second + "]");
    this.name = "DuplicateIDError";
  }
}

/** InvalidDescriptorError says that a descriptor given to buildIndex fails validation. */
export class InvalidDescriptorError extends Error {
  constructor(
    readonly position: number,
    readonly id: unknown,
    /** The violations validateSkillDescriptor reports. */
    readonly errors: ValidationError[],
  ) {
    super("descriptors[" + position + "] (id " + JSON.stringify(id) + ") is not a valid SkillDescriptor: " + formatErrors(errors));
    this.name = "InvalidDescriptorError";
  }
}

/** IndexError carries every problem buildIndex found, in the order it found them. */
export class IndexError extends Error {
  constructor(readonly errors: Error[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "IndexError";
  }
}

// formatErrors writes violations like the Go package's ValidationErrors.
function formatErrors(errors: readonly ValidationError[]): string {
  const parts: string[] = [];
  for (let i = 0; i < errors.length; i++) {
    if (i === 10) {
      parts.push("and " + (errors.length - 10) + " more");
      break;
    }
    const e = errors[i];
    if (e) parts.push((e.pointer === "" ? "(document)" : e.pointer) + ": " + e.message);
  }
  return parts.join("; ");
}

/**
 * buildIndex builds the skill index a provider serves at WELL_KNOWN_INDEX_PATH from all its
 * descriptors, in their order. The entries are the skills the view selected by
 * opts.authenticated may see; each copies id, name, version, capability_type, access and
 * description from its descriptor, and its descriptor_url follows the rule of
 * IndexOptions.baseURL.
 *
 * Every descriptor is checked, the private ones included, so that one set of descriptors gives
 * both views or neither: each must pass validateSkillDescriptor (else an InvalidDescriptorError)
 * and ids must be unique (else a DuplicateIDError naming both positions, one per repeated
 * occurrence). All problems are thrown together as one IndexError. The resulting index is
 * validated too.
 */
export function buildIndex(descs: readonly SkillDescriptor[], opts: IndexOptions = {}): SkillIndex {
  const errs: Error[] = [];
  const seen = new Map<string, number>();
  descs.forEach((d, i) => {
    const id: unknown = member(d, "id");
    const violations = validateSkillDescriptor(d);
    if (violations.length > 0) errs.push(new InvalidDescriptorError(i, id, violations));
    const key = typeof id === "string" ? id : "";
    const first = seen.get(key);
    if (first !== undefined) errs.push(new DuplicateIDError(key, first, i));
    else seen.set(key, i);
  });
  let base = "";
  if (opts.baseURL !== undefined && opts.baseURL !== "") {
    if (!httpsBaseURL(opts.baseURL)) {
      errs.push(
        new Error(
          "IndexOptions.BaseURL " + JSON.stringify(opts.baseURL) + ": want an absolute https URL without user information, query or fragment",
        ),
      );
    }
    base = opts.baseURL.endsWith("/") ? opts.baseURL.slice(0, -1) : opts.baseURL;
  }
  if (errs.length > 0) throw new IndexError(errs);

  const protocol = opts.protocol !== undefined && opts.protocol !== "" ? opts.protocol : SUPPORTED_PROTOCOL_VERSION;
  const skills: SkillIndexEntry[] = [];
  for (const d of descs) {
    if (d.access === "private" && opts.authenticated !== true) continue;
    skills.push({
      id: d.id,
      name: d.name,
      version: d.version,
      capability_type: d.capability_type,
      access: d.access,
      description: d.description,
      descriptor_url: base + descriptorPath(d.id),
    });
  }
  const index: SkillIndex =
    opts.provider !== undefined ? { protocol: { version: protocol }, provider: opts.provider, skills } : { protocol: { version: protocol }, skills };
  const violations = validateSkillIndex(index);
  if (violations.length > 0) throw new Error("built skill index is invalid: " + formatErrors(violations));
  return index;
}

// httpsBaseURL applies the checks the Go package makes with net/url: an absolute URL whose
// scheme is https (in any letter case), with an authority whose host is not empty, no user
// information, no query (not even an empty "?") and no fragment; no control characters.
function httpsBaseURL(s: string): boolean {
  if (/[\x00-\x1f\x7f]/.test(s)) return false;
  let rest = s;
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    const frag = rest.slice(hash + 1);
    if (frag !== "" || !validEscapes(frag)) return false;
    rest = rest.slice(0, hash);
  }
  if (rest.includes("?")) return false;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (!m || m[1]?.toLowerCase() !== "https") return false;
  rest = rest.slice(m[0].length);
  if (!rest.startsWith("//")) return false;
  rest = rest.slice(2);
  const slash = rest.indexOf("/");
  const authority = slash >= 0 ? rest.slice(0, slash) : rest;
  const path = slash >= 0 ? rest.slice(slash) : "";
  if (authority.includes("@")) return false;
  if (!validEscapes(path)) return false;
  let host = authority;
  let port = "";
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    if (end < 0) return false;
    port = host.slice(end + 1);
    host = host.slice(0, end + 1);
    if (port !== "" && !port.startsWith(":")) return false;
  } else {
    const colon = host.lastIndexOf(":");
    if (colon >= 0) {
      port = host.slice(colon);
      host = host.slice(0, colon);
    }
  }
  if (port !== "" && !/^:[0-9]*$/.test(port)) return false;
  if (host === "") return false;
  if (!host.startsWith("[") && !/^(?:[A-Za-z0-9\-_.~!$&'()*+,;=:<>"\[\]]|%[0-9A-Fa-f]{2}|[^\x00-\x7f])+$/.test(host)) return false;
  return true;
}

function validEscapes(s: string): boolean {
  return !/%(?![0-9A-Fa-f]{2})/.test(s);
}

// ---------------------------------------------------------------------------------------------
// Serving the index (the Fetch API)
// ---------------------------------------------------------------------------------------------
//
// The handler and the consumer use only the Fetch API (Request, Response, Headers, fetch,
// AbortController), Web Crypto, TextEncoder/TextDecoder and URL, which Node 20, Deno, workers
// and browsers all provide. They are reached through globalThis, so that the package compiles
// without DOM or Node type definitions; where the compiler knows the Fetch API, the handler's
// types are the environment's own Request and Response.

/** The members of a Fetch API Request the handler reads; every Request has them. */
export interface FetchRequestLike {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
}

/** The members of a Fetch API Response the consumer reads; every Response has them. */
export interface FetchResponseLike {
  readonly status: number;
  readonly statusText: string;
  readonly headers: { get(name: string): string | null };
  readonly body?: { getReader(): FetchBodyReader } | null;
  text(): Promise<string>;
}

/** The reader of a response body stream (ReadableStreamDefaultReader<Uint8Array>). */
export interface FetchBodyReader {
  read(): Promise<{ done: boolean; value?: Uint8Array }>;
  cancel(reason?: unknown): Promise<void>;
}

/** The environment's Response (Node 20, Deno, workers, browsers), or FetchResponseLike where the compiler knows none. */
export type FetchResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : FetchResponseLike;

/** An AbortSignal (the members the consumer uses). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

interface WebGlobals {
  Response?: new (body: string | null, init: { status: number; headers: [string, string][] }) => FetchResponse;
  crypto?: { subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder?: new () => { encode(s: string): Uint8Array };
  TextDecoder?: new (label: string, opts: { fatal: boolean; ignoreBOM: boolean }) => { decode(b: Uint8Array): string };
  URL?: new (url: string, base?: string) => { href: string; protocol: string; host: string; username: string; password: string; pathname: string };
  AbortController?: new () => { signal: AbortSignalLike; abort(reason?: unknown): void };
  setTimeout?: (f: () => void, ms: number) => unknown;
  clearTimeout?: (t: unknown) => void;
  fetch?: FetchFunction;
}

// web returns the Web API the handler and the consumer need, or throws naming what is missing.
function web<K extends keyof WebGlobals>(name: K): NonNullable<WebGlobals[K]> {
  const v = (globalThis as unknown as WebGlobals)[name];
  if (v === undefined) throw new Error("skill protocol: this environment has no " + name);
  return v as NonNullable<WebGlobals[K]>;
}

/** The max-age, in seconds, of the responses every caller gets alike when HandlerOptions.maxAge is absent or 0. */
export const DEFAULT_MAX_AGE = 300;

/** HandlerOptions configures newIndexHandler. */
export interface HandlerOptions {
  /** Configures both views of the index (baseURL, provider, protocol); its authenticated member is ignored: the authenticated hook picks the view per request. */
  index?: IndexOptions;
  /**
   * Reports whether a request comes from an authenticated caller, who gets the authenticated
   * view (every skill) and may fetch private descriptors. Absent means nobody is authenticated.
   */
  authenticated?: (request: FetchRequestLike) => boolean;
  /**
   * The max-age, in seconds, of responses every caller gets alike (the unauthenticated index and
   * non-private descriptors). Absent or 0 means DEFAULT_MAX_AGE; a negative value sends
   * "no-cache", so caches revalidate every time (cheap, thanks to the ETag).
   */
  maxAge?: number;
  /**
   * The request headers the authenticated hook reads; they are sent in a Vary header on every
   * response so that a shared cache never gives one caller's view to another. Absent means
   * ["Authorization"].
   */
  vary?: readonly string[];
}

/** A provider's skill index and descriptors as a Fetch API handler; see newIndexHandler. */
export type IndexHandler = (request: FetchRequestLike) => FetchResponse;

interface Resource {
  body: string;
  length: number;
  etag: string;
}

const PRIVATE_CACHE = "private, no-cache";

/**
 * newIndexHandler returns a Fetch API handler, (Request) => Response, that serves for GET and
 * HEAD, exactly like the Go package's NewIndexHandler:
 *
 * - WELL_KNOWN_INDEX_PATH: the index (buildIndex) in the view the authenticated hook selects;
 * - descriptorPath(id) for every skill: its descriptor, except that a private skill's descriptor
 *   is 404 Not Found to an unauthenticated caller (exactly as if it did not exist);
 * - anything else: 404 Not Found.
 *
 * Other methods on a path that exists for the caller get 405 Method Not Allowed with
 * "Allow: GET, HEAD"; on a path the caller may not see the answer stays 404. Bodies are JSON
 * (Content-Type: application/json, X-Content-Type-Options: nosniff) and carry a strong ETag (the
 * first 128 bits of the SHA-256 of the body, hex); a request whose If-None-Match matches it gets
 * 304 Not Modified. Responses every caller gets alike are "Cache-Control: public, max-age=N";
 * responses only an authenticated caller gets are "private, no-cache"; errors are "no-store".
 * Every response carries the Vary header of HandlerOptions.vary.
 *
 * Paths are matched exactly against the request URL's (percent-decoded) path. The descriptors are
 * validated, serialised and hashed once, here (hence the promise): it rejects with buildIndex's
 * IndexError. The handler runs on Node 20 (behind any adapter from node:http to the Fetch API),
 * Deno (Deno.serve(handler)), workers (export default { fetch: handler }) and service workers.
 */
export async function newIndexHandler(descs: readonly SkillDescriptor[], opts: HandlerOptions = {}): Promise<IndexHandler> {
  const ResponseCtor = web("Response");
  const anonymous = await resource(JSON.stringify(buildIndex(descs, { ...opts.index, authenticated: false })));
  const authenticated = await resource(JSON.stringify(buildIndex(descs, { ...opts.index, authenticated: true })));
  const descriptors = new Map<string, { res: Resource; private: boolean }>();
  for (const d of descs) descriptors.set(descriptorPath(d.id), { res: await resource(JSON.stringify(d)), private: d.access === "private" });
  const maxAge = opts.maxAge ?? 0;
  if (!Number.isFinite(maxAge)) throw new Error("HandlerOptions.maxAge " + maxAge + " is not a finite number of seconds");
  const publicCache = maxAge === 0 ? "public, max-age=" + DEFAULT_MAX_AGE : maxAge < 0 ? "public, no-cache" : "public, max-age=" + Math.floor(maxAge);
  const vary = (opts.vary ?? ["Authorization"]).join(", ");
  const isAuth = opts.authenticated;

  return (request: FetchRequestLike): FetchResponse => {
    const headers: [string, string][] = vary !== "" ? [["Vary", vary]] : [];
    const error = (status: number, message: string, extra: [string, string][] = []): FetchResponse =>
      new ResponseCtor(JSON.stringify({ error: message }) + "\n", {
        status,
        headers: [...headers, ...extra, ["Content-Type", "application/json"], ["Cache-Control", "no-store"], ["X-Content-Type-Options", "nosniff"]],
      });
    const auth = isAuth !== undefined && isAuth(request);
    const path = requestPath(request.url);
    let res: Resource | undefined;
    let cache = "";
    if (path === WELL_KNOWN_INDEX_PATH) {
      [res, cache] = auth ? [authenticated, PRIVATE_CACHE] : [anonymous, publicCache];
    } else if (path !== undefined) {
      const d = descriptors.get(path);
      if (d !== undefined && !d.private) [res, cache] = [d.res, publicCache];
      else if (d !== undefined && auth) [res, cache] = [d.res, PRIVATE_CACHE];
    }
    if (res === undefined) return error(404, "not found");
    if (request.method !== "GET" && request.method !== "HEAD") return error(405, "method not allowed", [["Allow", "GET, HEAD"]]);
    headers.push(["ETag", res.etag], ["Cache-Control", cache]);
    if (etagMatch(request.headers.get("If-None-Match"), res.etag)) return new ResponseCtor(null, { status: 304, headers });
    headers.push(["Content-Type", "application/json"], ["Content-Length", String(res.length)], ["X-Content-Type-Options", "nosniff"]);
    return new ResponseCtor(request.method === "HEAD" ? null : res.body, { status: 200, headers });
  };
}

// resource serialises a document once: its body (the JSON text and a newline), its length in
// bytes and its strong ETag.
async function resource(json: string): Promise<Resource> {
  const body = json + "\n";
  const bytes = new (web("TextEncoder"))().encode(body);
  const subtle = web("crypto").subtle;
  if (subtle === undefined) throw new Error("skill protocol: this environment has no crypto.subtle");
  const sum = new Uint8Array(await subtle.digest("SHA-256", bytes));
  let hex = "";
  for (const b of sum.subarray(0, 16)) hex += b.toString(16).padStart(2, "0");
  return { body, length: bytes.length, etag: '"' + hex + '"' };
}

// requestPath returns the percent-decoded path of a request URL, or undefined when it cannot be
// decoded (such a path names nothing the handler serves).
function requestPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new (web("URL"))(url).pathname);
  } catch {
    return undefined;
  }
}

// etagMatch implements If-None-Match (RFC 9110 §13.1.2) like the Go package: "*" matches,
// otherwise the list of entity tags is compared with the weak comparison function; a malformed
// member ends the list.
function etagMatch(value: string | null, etag: string): boolean {
  let v = value ?? "";
  for (;;) {
    v = v.replace(/^[ \t,]+/, "");
    if (v === "") return false;
    if (v[0] === "*") return true;
    if (v.startsWith("W/")) v = v.slice(2);
    if (v[0] !== '"') return false;
    const end = v.indexOf('"', 1);
    if (end < 0) return false;
    if (v.slice(0, end + 1) === etag) return true;
    v = v.slice(end + 1);
  }
}

// ---------------------------------------------------------------------------------------------
// Consuming the index (the Fetch API)
// ---------------------------------------------------------------------------------------------

/** The largest body, in bytes, a Consumer reads (16 MiB, as in the Go package). */
export const MAX_BODY_BYTES = 16 << 20;

/** The deadline, in milliseconds, of one fetch (request, response and body) when ConsumerOptions.timeoutMs is absent. */
export const DEFAULT_CONSUMER_TIMEOUT_MS = 30_000;

/** The fetch the consumer calls: the environment's fetch, or any function with its shape. */
export type FetchFunction = (url: string, init: { method: "GET"; headers: Record<string, string>; signal: AbortSignalLike }) => Promise<FetchResponseLike>;

/** ConsumerOptions configures a Consumer. */
export interface ConsumerOptions {
  /** Sends the requests; the environment's fetch when absent. */
  fetch?: FetchFunction;
  /** The protocol version the consumer supports; SUPPORTED_PROTOCOL_VERSION when absent or empty. */
  protocol?: string;
  /** Added to every request, e.g. an Authorization header that makes the provider show its authenticated view. */
  headers?: Readonly<Record<string, string>>;
  /**
   * The deadline of one fetch, in milliseconds: from sending the request to the last byte of the
   * body. DEFAULT_CONSUMER_TIMEOUT_MS when absent; it must be a positive number.
   */
  timeoutMs?: number;
}

/** Per-call options of Consumer.fetchIndex and Consumer.fetchDescriptor. */
export interface FetchOptions {
  /** Cancels the fetch when it aborts (on top of the consumer's deadline). */
  signal?: AbortSignalLike;
}

/**
 * FetchError says that a document could not be fetched: the request failed, the status was not
 * 200, the body was larger than MAX_BODY_BYTES or not UTF-8, the deadline passed or the caller's
 * signal aborted.
 */
export class FetchError extends Error {
  constructor(
    /** The URL of the document. */
    readonly url: string,
    message: string,
    /** The HTTP status, when a response arrived. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super("GET " + url + ": " + message, options);
    this.name = "FetchError";
  }
}

/** InvalidDocumentError says that a fetched document is not JSON or fails validation. */
export class InvalidDocumentError extends Error {
  constructor(
    /** The URL of the document. */
    readonly url: string,
    /** What it is ("skill index" or "skill descriptor"). */
    readonly what: string,
    /** The violations, as the parse functions report them. */
    readonly errors: ValidationError[],
  ) {
    super(what + " " + url + ": " + formatErrors(errors));
    this.name = "InvalidDocumentError";
  }
}

/** DescriptorMismatchError says that a fetched descriptor's id is not the id of the index entry that points at it. */
export class DescriptorMismatchError extends Error {
  constructor(
    readonly url: string,
    /** The descriptor's id. */
    readonly id: string,
    /** The index entry's id. */
    readonly entryID: string,
  ) {
    super("skill descriptor " + url + ": id " + JSON.stringify(id) + " does not match the index entry's id " + JSON.stringify(entryID));
    this.name = "DescriptorMismatchError";
  }
}

/**
 * indexURL returns the Well-Known URI of the skill index of the provider at origin, an absolute
 * http or https URL such as "https://skills.example.com" (any path, query or fragment is dropped:
 * a Well-Known URI lives at the root of its origin).
 */
export function indexURL(origin: string): string {
  let u: { protocol: string; host: string };
  try {
    u = new (web("URL"))(origin);
  } catch {
    throw new Error("provider origin " + JSON.stringify(origin) + ": want an absolute http or https URL");
  }
  if ((u.protocol !== "http:" && u.protocol !== "https:") || u.host === "") {
    throw new Error("provider origin " + JSON.stringify(origin) + ": want an absolute http or https URL");
  }
  return u.protocol + "//" + u.host + WELL_KNOWN_INDEX_PATH;
}

/**
 * resolveDescriptorURL resolves an entry's descriptor_url against the URL the index was fetched
 * from (RFC 3986 §5), so relative and absolute descriptor_urls both work.
 */
export function resolveDescriptorURL(indexURL: string, entry: Pick<SkillIndexEntry, "id" | "descriptor_url">): string {
  const URLCtor = web("URL");
  try {
    return new URLCtor(entry.descriptor_url, indexURL).href;
  } catch {
    throw new Error("skill " + JSON.stringify(entry.id) + ": descriptor_url " + JSON.stringify(entry.descriptor_url) + " does not resolve against " + JSON.stringify(indexURL));
  }
}

/**
 * Consumer fetches skill indexes and descriptors with the Fetch API, with the checks of the Go
 * package's Consumer: the status must be 200, the body at most MAX_BODY_BYTES, the document's
 * protocol version is checked first (checkDocumentProtocol: another MAJOR is a
 * VersionIncompatibleError, thrown before anything else is interpreted), then the document is
 * parsed and validated (InvalidDocumentError), and a descriptor's id must be its entry's
 * (DescriptorMismatchError). Every fetch has a deadline (ConsumerOptions.timeoutMs) and can be
 * cancelled with an AbortSignal; both give a FetchError.
 */
export class Consumer {
  readonly #fetch: FetchFunction | undefined;
  readonly #protocol: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;

  constructor(opts: ConsumerOptions = {}) {
    const timeout = opts.timeoutMs ?? DEFAULT_CONSUMER_TIMEOUT_MS;
    if (!(timeout > 0) || !Number.isFinite(timeout)) throw new Error("ConsumerOptions.timeoutMs " + timeout + " is not a positive number of milliseconds");
    this.#fetch = opts.fetch;
    this.#protocol = opts.protocol !== undefined && opts.protocol !== "" ? opts.protocol : SUPPORTED_PROTOCOL_VERSION;
    this.#headers = { ...opts.headers };
    this.#timeoutMs = timeout;
    parseWithContext(this.#protocol, "consumer protocol version: ");
  }

  /** fetchIndex GETs the skill index at indexURL (see indexURL). */
  async fetchIndex(indexURL: string, opts: FetchOptions = {}): Promise<SkillIndex> {
    const body = await this.#get(indexURL, opts);
    checkDocumentProtocol(body, this.#protocol);
    const r = parseSkillIndex(body);
    if (!r.ok) throw new InvalidDocumentError(indexURL, "skill index", r.errors);
    return r.value;
  }

  /**
   * fetchDescriptor GETs the descriptor that entry of the index fetched from indexURL points at
   * (resolveDescriptorURL). Besides the errors of fetchIndex, a descriptor whose id is not the
   * entry's is a DescriptorMismatchError.
   */
  async fetchDescriptor(indexURL: string, entry: Pick<SkillIndexEntry, "id" | "descriptor_url">, opts: FetchOptions = {}): Promise<SkillDescriptor> {
    const url = resolveDescriptorURL(indexURL, entry);
    const body = await this.#get(url, opts);
    checkDocumentProtocol(body, this.#protocol);
    const r = parseSkillDescriptor(body);
    if (!r.ok) throw new InvalidDocumentError(url, "skill descriptor", r.errors);
    if (r.value.id !== entry.id) throw new DescriptorMismatchError(url, r.value.id, entry.id);
    return r.value;
  }

  // get fetches url within the deadline and returns its body as text.
  async #get(url: string, opts: FetchOptions): Promise<string> {
    const controller = new (web("AbortController"))();
    const deadline = new FetchError(url, "deadline of " + this.#timeoutMs + " ms exceeded");
    const timer = web("setTimeout")(() => controller.abort(deadline), this.#timeoutMs);
    const outer = opts.signal;
    const onAbort = () => controller.abort(new FetchError(url, "aborted", undefined, { cause: outer?.reason }));
    if (outer?.aborted) onAbort();
    else outer?.addEventListener("abort", onAbort);
    const stopped = (): FetchError | undefined => {
      const reason = controller.signal.reason;
      return controller.signal.aborted && reason instanceof FetchError ? reason : undefined;
    };
    try {
      const headers: Record<string, string> = { ...this.#headers, Accept: "application/json" };
      let res: FetchResponseLike;
      try {
        res = await (this.#fetch ?? web("fetch"))(url, { method: "GET", headers, signal: controller.signal });
      } catch (err) {
        throw stopped() ?? new FetchError(url, err instanceof Error ? err.message : String(err), undefined, { cause: err });
      }
      if (res.status !== 200) {
        await res.body?.getReader().cancel().catch(() => undefined);
        throw new FetchError(url, res.status + (res.statusText !== "" ? " " + res.statusText : ""), res.status);
      }
      try {
        return await readBody(res, url);
      } catch (err) {
        throw stopped() ?? err;
      }
    } finally {
      web("clearTimeout")(timer);
      outer?.removeEventListener("abort", onAbort);
    }
  }
}

// readBody reads a response body of at most MAX_BODY_BYTES bytes as UTF-8 text.
async function readBody(res: FetchResponseLike, url: string): Promise<string> {
  const declared = Number(res.headers.get("Content-Length") ?? "");
  if (declared > MAX_BODY_BYTES) {
    await res.body?.getReader().cancel().catch(() => undefined);
    throw new FetchError(url, "body larger than " + MAX_BODY_BYTES + " bytes", res.status);
  }
  // ignoreBOM keeps a leading byte order mark in the text, where the JSON reader refuses it as
  // the Go consumer does (RFC 8259 §8.1: a sender must not add one).
  const decoder = new (web("TextDecoder"))("utf-8", { fatal: true, ignoreBOM: true });
  let bytes: Uint8Array;
  if (res.body) {
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let n = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value === undefined) continue;
      n += value.length;
      if (n > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new FetchError(url, "body larger than " + MAX_BODY_BYTES + " bytes", res.status);
      }
      chunks.push(value);
    }
    bytes = new Uint8Array(n);
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.length;
    }
  } else {
    // A response without a body stream has only text(), which decodes the body itself (and
    // drops a byte order mark before this reader sees it).
    const text = await res.text();
    bytes = new (web("TextEncoder"))().encode(text);
    if (bytes.length > MAX_BODY_BYTES) throw new FetchError(url, "body larger than " + MAX_BODY_BYTES + " bytes", res.status);
  }
  try {
    return decoder.decode(bytes);
  } catch (err) {
    throw new FetchError(url, "body is not UTF-8", res.status, { cause: err });
  }
}

// ---------------------------------------------------------------------------------------------
// Capability filtering
// ---------------------------------------------------------------------------------------------

/**
 * filterByCapability returns, in their original order, exactly the descriptors whose
 * capability_type is t (Property 7). The result is a new array (empty when nothing matches);
 * descs is not modified.
 */
export function filterByCapability(descs: readonly SkillDescriptor[], t: CapabilityType): SkillDescriptor[] {
  return descs.filter((d) => d.capability_type === t);
}

/** filterEntriesByCapability is filterByCapability for index entries. */
export function filterEntriesByCapability(entries: readonly SkillIndexEntry[], t: CapabilityType): SkillIndexEntry[] {
  return entries.filter((e) => e.capability_type === t);
}

