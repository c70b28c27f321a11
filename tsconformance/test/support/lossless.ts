// A small lossless JSON reader and writer: numbers keep their literal text (JsonNumber), so
// integers beyond 2^53 and beyond 64 bits survive, and compare by exact mathematical value.

/** A JSON number kept as its literal text. */
export class JsonNumber {
  constructor(readonly literal: string) {}
  /** The exact value as [sign, digits without leading or trailing zeros, exponent]: "0" for zero. */
  exact(): string {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(this.literal);
    if (m === null) throw new Error(`not a JSON number: ${this.literal}`);
    const [, sign = "", int = "", frac = "", exp = "0"] = m;
    let digits = (int + frac).replace(/^0+/, "");
    let e = BigInt(exp) - BigInt(frac.length);
    if (digits === "") return "0";
    const trimmed = digits.replace(/0+$/, "");
    e += BigInt(digits.length - trimmed.length);
    digits = trimmed;
    return `${sign}${digits}e${e}`;
  }
  toJSON(): never {
    throw new Error("write JsonNumber with stringifyLossless");
  }
}

export type LJson = null | boolean | string | JsonNumber | LJson[] | { [k: string]: LJson };

/** parseLossless reads one JSON text (RFC 8259), keeping number literals. */
export function parseLossless(text: string): LJson {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i] as string)) i++;
  };
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const value = (): LJson => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const o: { [k: string]: LJson } = {};
      ws();
      if (text[i] === "}") {
        i++;
        return o;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const k = str();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        Object.defineProperty(o, k, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        const d = text[i++];
        if (d === "}") return o;
        if (d !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const a: LJson[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return a;
      }
      for (;;) {
        a.push(value());
        ws();
        const d = text[i++];
        if (d === "]") return a;
        if (d !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    for (const [lit, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return v;
      }
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 4096));
    if (m === null) return fail("unexpected character");
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const str = (): string => {
    const start = i;
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) fail("unterminated string");
      if (c === '"') break;
      if (c === "\\") i++;
      i++;
    }
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const v = value();
  ws();
  if (i !== text.length) fail("trailing text");
  return v;
}

/** stringifyLossless writes a value: JsonNumber as its literal, JS numbers as JSON.stringify does. */
export function stringifyLossless(v: unknown): string {
  if (v instanceof JsonNumber) return v.literal;
  if (typeof v === "bigint") return v.toString();
  if (Array.isArray(v)) return `[${v.map(stringifyLossless).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}:${stringifyLossless(x)}`)
      .join(",")}}`;
  }
  const s = JSON.stringify(v);
  if (s === undefined) throw new Error(`not JSON: ${String(v)}`);
  return s;
}

/**
 * diffLossless returns where a and b differ (null when equal): objects by key set and values,
 * arrays element by element, strings by code points, numbers by exact value.
 */
export function diffLossless(a: LJson, b: LJson, path = ""): string | null {
  if (a instanceof JsonNumber || b instanceof JsonNumber) {
    if (a instanceof JsonNumber && b instanceof JsonNumber && a.exact() === b.exact()) return null;
    return `${path || "/"}: ${stringifyLossless(a)} != ${stringifyLossless(b)}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${path || "/"}: array and non-array`;
    if (a.length !== b.length) return `${path || "/"}: ${a.length} items != ${b.length} items`;
    for (let i = 0; i < a.length; i++) {
      const d = diffLossless(a[i] as LJson, b[i] as LJson, `${path}/${i}`);
      if (d !== null) return d;
    }
    return null;
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (JSON.stringify(ka) !== JSON.stringify(kb)) return `${path || "/"}: keys ${JSON.stringify(ka)} != ${JSON.stringify(kb)}`;
    for (const k of ka) {
      const d = diffLossless(a[k] as LJson, b[k] as LJson, `${path}/${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  return a === b ? null : `${path || "/"}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}
