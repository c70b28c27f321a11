// Skill-sharing protocol behaviour: protocol version compatibility (Properties 9 and 10), the
// Well-Known skill index with access control (Properties 5 and 6) and capability filtering
// (Property 7). The semantics are those of the generated Go package (templates/go/protocol.go.tmpl);
// the decisions behind them are written down in docs/protocol.md. No dependencies.
import type { CapabilityType, Provider, SemVer, SkillDescriptor, SkillID, SkillIndex, SkillIndexEntry } from "./types.js";
import type { ValidationError } from "./runtime.js";
import { validateSkillDescriptor, validateSkillIndex } from "./validate.js";

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

