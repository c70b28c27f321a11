// Simple, deterministic mutations that turn a valid document of a top-level type into an
// invalid one, each with the (pointer, keyword) error the generated validator must report
// (docs/validation.md) and whether TypeScript's type system can express the violation.
import type { TopLevelType } from "./schema.js";
import { esc } from "./schema.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };
type Path = readonly (string | number)[];

/** What a type checker can say about the violation (on an object literal). */
export type TypeLevel =
  | "expressible" // missing required field, value outside a string-literal union, wrong primitive type, excess key on a closed object
  | "not-expressible"; // patterns, lengths, bounds, integer-ness, uniqueness, if/then, dependentRequired, const true typed as boolean

export interface Mutation {
  type: TopLevelType;
  name: string;
  keyword: string;
  typeLevel: TypeLevel;
  /** Mutates doc in place; returns the pointer of the error, or null when it does not apply. */
  apply: (doc: Json) => string | null;
}

function ptr(path: Path): string {
  return path.map((t) => `/${esc(String(t))}`).join("");
}

function isObj(v: Json | undefined): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function at(doc: Json, path: Path): Json | undefined {
  let cur: Json | undefined = doc;
  for (const t of path) {
    if (Array.isArray(cur) && typeof t === "number") cur = cur[t];
    else if (isObj(cur) && typeof t === "string" && Object.prototype.hasOwnProperty.call(cur, t)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

function parentOf(doc: Json, path: Path): { parent: Json; last: string | number } | null {
  const last = path[path.length - 1];
  if (last === undefined) return null;
  const parent = at(doc, path.slice(0, -1));
  if (parent === undefined) return null;
  return { parent, last };
}

/** Removes a present member. */
function del(path: Path): (doc: Json) => string | null {
  return (doc) => {
    const pl = parentOf(doc, path);
    if (pl === null || !isObj(pl.parent) || typeof pl.last !== "string" || !(pl.last in pl.parent)) return null;
    delete pl.parent[pl.last];
    return ptr(path);
  };
}

/** Makes sure a member is absent (whether or not it was there). */
function absent(path: Path): (doc: Json) => string | null {
  return (doc) => {
    const pl = parentOf(doc, path);
    if (pl === null || !isObj(pl.parent) || typeof pl.last !== "string") return null;
    delete pl.parent[pl.last];
    return ptr(path);
  };
}

/** Sets a member of an existing object (adding it when absent). */
function set(path: Path, value: Json): (doc: Json) => string | null {
  return (doc) => {
    const pl = parentOf(doc, path);
    if (pl === null || !isObj(pl.parent) || typeof pl.last !== "string") return null;
    pl.parent[pl.last] = value;
    return ptr(path);
  };
}

/** Appends a copy of the first item of a non-empty array; the error is at the copy (or its key). */
function dupFirst(path: Path, key?: string): (doc: Json) => string | null {
  return (doc) => {
    const a = at(doc, path);
    if (!Array.isArray(a) || a.length === 0) return null;
    const n = a.length;
    a.push(structuredClone(a[0] as Json));
    return ptr(key === undefined ? [...path, n] : [...path, n, key]);
  };
}

function all(...fs: ((doc: Json) => string | null)[]): (doc: Json) => string | null {
  return (doc) => {
    let last: string | null = null;
    for (const f of fs) {
      last = f(doc);
      if (last === null) return null;
    }
    return last;
  };
}

function m(type: TopLevelType, name: string, keyword: string, typeLevel: TypeLevel, apply: (doc: Json) => string | null): Mutation {
  return { type, name, keyword, typeLevel, apply };
}

const E = "expressible" as const;
const N = "not-expressible" as const;

const descriptorRequired = ["protocol", "id", "name", "version", "capability_type", "description", "provider", "endpoint", "inputs", "output", "auth", "access"];

export const MUTATIONS: readonly Mutation[] = [
  // ProtocolVersion
  m("ProtocolVersion", "missing version", "required", E, del(["version"])),
  m("ProtocolVersion", "version is a number", "type", E, set(["version"], 1)),
  m("ProtocolVersion", "version 1.0", "pattern", N, set(["version"], "1.0")),
  m("ProtocolVersion", "version with leading zero", "pattern", N, set(["version"], "01.0.0")),
  m("ProtocolVersion", "version with pre-release", "pattern", N, set(["version"], "1.0.0-beta")),
  m("ProtocolVersion", "unknown member", "additionalProperties", E, set(["major"], 1)),
  // SkillDescriptor
  ...descriptorRequired.map((f) => m("SkillDescriptor", `missing ${f}`, "required", E, del([f]))),
  m("SkillDescriptor", "capability_type outside the enum", "enum", E, set(["capability_type"], "service")),
  m("SkillDescriptor", "access outside the enum", "enum", E, set(["access"], "internal")),
  m("SkillDescriptor", "duplicate tag", "uniqueItems", N, dupFirst(["tags"])),
  m("SkillDescriptor", "auth.type outside the union", "oneOf", E, set(["auth", "type"], "basic")),
  m("SkillDescriptor", "name is a number", "type", E, set(["name"], 42)),
  m("SkillDescriptor", "empty name", "minLength", N, set(["name"], "")),
  m("SkillDescriptor", "version not SemVer", "pattern", N, set(["version"], "v1")),
  m("SkillDescriptor", "protocol.version not SemVer", "pattern", N, set(["protocol", "version"], "1.0")),
  m("SkillDescriptor", "id with capitals", "pattern", N, set(["id"], "Weather")),
  m("SkillDescriptor", "endpoint over http", "pattern", N, set(["endpoint", "url"], "http://example.com/run")),
  m("SkillDescriptor", "endpoint.method outside the enum", "enum", E, set(["endpoint", "method"], "PUT")),
  m("SkillDescriptor", "timeout_ms is zero", "minimum", N, set(["endpoint", "timeout_ms"], 0)),
  m("SkillDescriptor", "timeout_ms is fractional", "type", N, set(["endpoint", "timeout_ms"], 1.5)),
  m("SkillDescriptor", "output.type outside the enum", "enum", E, set(["output", "type"], "date")),
  m("SkillDescriptor", "unknown member of output", "additionalProperties", E, set(["output", "format"], "x")),
  m("SkillDescriptor", "duplicate input name", "x-unique-by", N, dupFirst(["inputs"], "name")),
  m("SkillDescriptor", "inputs is an object", "type", E, set(["inputs"], {})),
  // SkillIndex
  m("SkillIndex", "missing protocol", "required", E, del(["protocol"])),
  m("SkillIndex", "missing skills", "required", E, del(["skills"])),
  m("SkillIndex", "duplicate skill id", "x-unique-by", N, dupFirst(["skills"], "id")),
  m("SkillIndex", "entry access outside the enum", "enum", E, set(["skills", 0, "access"], "secret")),
  m("SkillIndex", "entry without descriptor_url", "required", E, del(["skills", 0, "descriptor_url"])),
  m("SkillIndex", "empty descriptor_url", "minLength", N, set(["skills", 0, "descriptor_url"], "")),
  m("SkillIndex", "skills is a string", "type", E, set(["skills"], "none")),
  // InvocationRequest
  m("InvocationRequest", "missing caller", "required", E, del(["caller"])),
  m("InvocationRequest", "missing skill_id", "required", E, del(["skill_id"])),
  m("InvocationRequest", "missing inputs", "required", E, del(["inputs"])),
  m("InvocationRequest", "missing caller.id", "required", E, del(["caller", "id"])),
  m("InvocationRequest", "missing caller.type", "required", E, del(["caller", "type"])),
  m("InvocationRequest", "caller.type outside the enum", "enum", E, set(["caller", "type"], "robot")),
  m("InvocationRequest", "unknown member of caller", "additionalProperties", E, set(["caller", "token"], "secret")),
  m("InvocationRequest", "skill_id with capitals", "pattern", N, set(["skill_id"], "Skill")),
  m("InvocationRequest", "input name not an identifier", "propertyNames", N, set(["inputs", "max-results"], 1)),
  m("InvocationRequest", "empty request_id", "minLength", N, set(["request_id"], "")),
  // InvocationResponse
  m("InvocationResponse", "missing execution_id", "required", E, del(["execution_id"])),
  m("InvocationResponse", "missing status", "required", E, del(["status"])),
  m("InvocationResponse", "missing skill_id", "required", E, del(["skill_id"])),
  m("InvocationResponse", "missing timestamps", "required", E, del(["timestamps"])),
  m("InvocationResponse", "status outside the enum", "enum", E, set(["status"], "done")),
  m("InvocationResponse", "failed without error", "required", N, all(set(["status"], "failed"), absent(["error"]))),
  m("InvocationResponse", "completed without started", "dependentRequired", N, (doc) => {
    const ts = at(doc, ["timestamps"]);
    if (!isObj(ts) || typeof ts["received"] !== "string") return null;
    ts["completed"] = ts["received"];
    delete ts["started"];
    return "/timestamps/started";
  }),
  m("InvocationResponse", "received not RFC 3339", "pattern", N, set(["timestamps", "received"], "2024-01-01 00:00:00")),
  m("InvocationResponse", "received is a number", "type", E, set(["timestamps", "received"], 1700000000)),
  m("InvocationResponse", "unknown milestone", "additionalProperties", E, set(["timestamps", "finished"], "2024-01-01T00:00:00Z")),
  // Finding
  m("Finding", "missing kind", "required", E, del(["kind"])),
  m("Finding", "missing severity", "required", E, del(["severity"])),
  m("Finding", "severity outside the enum", "enum", E, set(["severity"], "high")),
  m("Finding", "empty kind", "minLength", N, set(["kind"], "")),
  m("Finding", "kind is a number", "type", E, set(["kind"], 7)),
  // FindingsResponse
  ...["findings", "total", "counts_by_kind", "counts_by_severity", "capped_kinds", "per_kind_limit", "_meta"].map((f) =>
    m("FindingsResponse", `missing ${f}`, "required", E, del([f])),
  ),
  m("FindingsResponse", "negative total", "minimum", N, set(["total"], -1)),
  m("FindingsResponse", "total is a string", "type", E, set(["total"], "3")),
  m("FindingsResponse", "per_kind_limit above 2^53-1", "maximum", N, set(["per_kind_limit"], 2 ** 53)),
  m("FindingsResponse", "negative per_kind_limit", "minimum", N, set(["per_kind_limit"], -1)),
  m("FindingsResponse", "identity_shared is a string", "type", E, set(["identity_shared"], "true")),
  m("FindingsResponse", "capped kind is a number", "type", E, all(set(["capped_kinds"], [7]), () => "/capped_kinds/0")),
  m("FindingsResponse", "finding severity outside the enum", "enum", E, set(["findings", 0, "severity"], "fatal")),
  m("FindingsResponse", "missing server_version", "required", E, del(["_meta", "server_version"])),
  // GetSessionFindingsParams
  m("GetSessionFindingsParams", "negative per_kind_limit", "minimum", N, set(["per_kind_limit"], -1)),
  m("GetSessionFindingsParams", "per_kind_limit above 10000", "maximum", N, set(["per_kind_limit"], 10001)),
  m("GetSessionFindingsParams", "fractional per_kind_limit", "type", N, set(["per_kind_limit"], 2.5)),
  m("GetSessionFindingsParams", "empty session_key", "minLength", N, set(["session_key"], "")),
  m("GetSessionFindingsParams", "include_summary is a string", "type", E, set(["include_summary"], "yes")),
  m("GetSessionFindingsParams", "misspelt per_kind_limit", "additionalProperties", E, set(["per_kind_limt"], 5)),
];

export function mutationsOf(type: TopLevelType): Mutation[] {
  return MUTATIONS.filter((x) => x.type === type);
}

/** mutate applies a mutation to a copy of doc; null when the mutation does not apply. */
export function mutate(doc: unknown, mu: Mutation): { doc: Json; pointer: string } | null {
  const copy = structuredClone(doc) as Json;
  const pointer = mu.apply(copy);
  return pointer === null ? null : { doc: copy, pointer };
}

/** asJson normalises a value to what its JSON text parses to. */
export function asJson(v: unknown): Json {
  return JSON.parse(JSON.stringify(v)) as Json;
}
