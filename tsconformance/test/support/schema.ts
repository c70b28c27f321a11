// The independent oracle: ajv 8 (draft 2020-12) on the canonical schema in ../schema, with the
// skillgen extension keyword x-unique-by registered, and an independent JSON equality.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
export const schemaDir = join(repoRoot, "schema");
export const SCHEMA_BASE = "https://skillgen.dev/schema/v1/";

/** The top-level types of the canonical schema (one file each at the root of schema/). */
export const TOP_LEVEL_TYPES = [
  "ProtocolVersion",
  "SkillDescriptor",
  "SkillIndex",
  "InvocationRequest",
  "InvocationResponse",
  "Finding",
  "FindingsResponse",
  "GetSessionFindingsParams",
] as const;
export type TopLevelType = (typeof TOP_LEVEL_TYPES)[number];

/** Every schema file: root files and defs/, keyed by file path relative to schema/. */
export function loadSchemaFiles(): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const f of readdirSync(schemaDir)) {
    if (f.endsWith(".json")) out.set(f, JSON.parse(readFileSync(join(schemaDir, f), "utf8")));
  }
  for (const f of readdirSync(join(schemaDir, "defs"))) {
    if (f.endsWith(".json")) out.set(`defs/${f}`, JSON.parse(readFileSync(join(schemaDir, "defs", f), "utf8")));
  }
  return out;
}

/** schemaStrings returns every string value (not key) of the schema files: enum members, consts, patterns, descriptions. */
export function schemaStrings(): Set<string> {
  const out = new Set<string>();
  const stack: unknown[] = [...loadSchemaFiles().values()];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "string") out.add(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === "object" && v !== null) stack.push(...Object.values(v));
  }
  return out;
}

/** canonical renders a JSON value with sorted keys, so that JSON-equal values render equally. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** esc escapes one RFC 6901 reference token. */
export function esc(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** extensionKeywords lists the keys starting with "x-" used anywhere in the schema files. */
function extensionKeywords(docs: unknown[]): Set<string> {
  const out = new Set<string>();
  const stack: unknown[] = [...docs];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (typeof v === "object" && v !== null) {
      for (const [k, c] of Object.entries(v)) {
        if (k.startsWith("x-")) out.add(k);
        stack.push(c);
      }
    }
  }
  return out;
}

interface DataCxt {
  instancePath: string;
}

/** makeAjv compiles the canonical schema with ajv (draft 2020-12, every error reported). */
export function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    validateFormats: false,
    unicodeRegExp: true,
  });
  const files = loadSchemaFiles();
  // Every other "x-" extension keyword of the schema (x-skillgen-behaviour, ...) is an
  // annotation for the generator: no validation.
  for (const k of extensionKeywords([...files.values()])) {
    if (k !== "x-unique-by") ajv.addKeyword({ keyword: k });
  }
  // Array items that are objects have distinct values at the named property.
  const uniqueBy = function (this: unknown, key: string, data: unknown, _parent?: unknown, cxt?: DataCxt): boolean {
    if (!Array.isArray(data)) return true;
    const seen = new Set<string>();
    const errors: Partial<ErrorObject>[] = [];
    data.forEach((item, j) => {
      if (typeof item !== "object" || item === null || Array.isArray(item)) return;
      if (!Object.prototype.hasOwnProperty.call(item, key)) return;
      const c = canonical((item as Record<string, unknown>)[key]);
      if (seen.has(c)) {
        errors.push({
          keyword: "x-unique-by",
          instancePath: `${cxt?.instancePath ?? ""}/${j}/${esc(key)}`,
          params: { key },
          message: `duplicate value at ${key}`,
        });
      }
      seen.add(c);
    });
    (uniqueBy as unknown as { errors: Partial<ErrorObject>[] | null }).errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  ajv.addKeyword({ keyword: "x-unique-by", type: "array", schemaType: "string", errors: true, validate: uniqueBy });
  for (const [, s] of files) ajv.addSchema(s);
  return ajv;
}

let shared: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** validatorFor returns ajv's validator of a top-level type (compiled once). */
export function ajvValidator(type: TopLevelType): ValidateFunction {
  shared ??= makeAjv();
  let v = compiled.get(type);
  if (v === undefined) {
    const g = shared.getSchema(`${SCHEMA_BASE}${type}.json`);
    if (g === undefined) throw new Error(`schema ${type} not found`);
    v = g;
    compiled.set(type, v);
  }
  return v;
}

/** ajvCheck validates a document; errors come with the pointer of the field they name. */
export function ajvCheck(type: TopLevelType, doc: unknown): { valid: boolean; errors: ErrorObject[]; pointers: string[] } {
  const v = ajvValidator(type);
  const valid = v(doc) === true;
  const errors = valid ? [] : [...(v.errors ?? [])];
  return { valid, errors, pointers: errors.map(fieldPointer) };
}

/** fieldPointer is the pointer of the field an ajv error names (the missing or extra key for required-like keywords). */
export function fieldPointer(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
    case "dependentRequired":
      return `${e.instancePath}/${esc(String(p["missingProperty"]))}`;
    case "additionalProperties":
      return `${e.instancePath}/${esc(String(p["additionalProperty"]))}`;
    case "uniqueItems":
      // ajv names the array and the two equal items; the later one is the duplicate.
      return `${e.instancePath}/${Math.max(Number(p["i"]), Number(p["j"]))}`;
    case "propertyNames":
      return `${e.instancePath}/${esc(String(p["propertyName"]))}`;
    default:
      return e.instancePath;
  }
}

/**
 * bundle returns the schema of a top-level type with every $ref replaced by its target (the
 * canonical schema has no recursive references), without $id, $defs, annotations or "x-"
 * keywords: a self-contained schema for tools that cannot resolve references across files.
 */
export function bundle(type: TopLevelType): Record<string, unknown> {
  const files = loadSchemaFiles();
  const resolve = (base: string, ref: string): [string, unknown] => {
    const [file = "", frag = ""] = ref.split("#");
    const target = file === "" ? base : new URL(file, SCHEMA_BASE + base).href.slice(SCHEMA_BASE.length);
    let node: unknown = files.get(target);
    if (node === undefined) throw new Error(`unresolved $ref ${ref} in ${base}`);
    for (const tok of frag.split("/").slice(1)) node = (node as Record<string, unknown>)[tok.replace(/~1/g, "/").replace(/~0/g, "~")];
    return [target, node];
  };
  const SKIP = new Set(["$ref", "$id", "$schema", "$defs", "$comment", "title", "description", "examples", "default", "format"]);
  const MAPS = new Set(["properties", "patternProperties", "dependentRequired"]);
  const inline = (file: string, node: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error("recursive schema");
    if (Array.isArray(node)) return node.map((x) => inline(file, x, depth + 1));
    if (typeof node !== "object" || node === null) return node;
    const o = node as Record<string, unknown>;
    let out: Record<string, unknown> = {};
    if (typeof o["$ref"] === "string") {
      const [f, t] = resolve(file, o["$ref"]);
      out = inline(f, t, depth + 1) as Record<string, unknown>;
    }
    for (const [k, v] of Object.entries(o)) {
      if (SKIP.has(k) || k.startsWith("x-")) continue;
      out[k] = MAPS.has(k)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([kk, vv]) => [kk, inline(file, vv, depth + 1)]))
        : inline(file, v, depth + 1);
    }
    return out;
  };
  return inline(`${type}.json`, files.get(`${type}.json`), 0) as Record<string, unknown>;
}
