// Renders JSON values as TypeScript expressions on one line.

/** tsLiteral renders a JSON value as a TypeScript expression (one line). */
export function tsLiteral(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(tsLiteral).join(", ")}]`;
  if (typeof v === "object" && v !== null) {
    const parts = Object.entries(v).map(([k, x]) => {
      // "__proto__": in an object literal would set the prototype; a computed key is a plain member.
      const key = k === "__proto__" ? `["__proto__"]` : JSON.stringify(k);
      return `${key}: ${tsLiteral(x)}`;
    });
    return parts.length === 0 ? "{}" : `{ ${parts.join(", ")} }`;
  }
  if (typeof v === "number" && Object.is(v, -0)) return "0";
  const s = JSON.stringify(v);
  if (s === undefined) throw new Error(`not JSON: ${String(v)}`);
  return s;
}
