// The x-unique-by keyword of the skillgen schemas, for ajv: the benchmarks register it so
// that ajv checks what the generated validators check (bench.mjs, scaling.mjs).

// jsonKey maps a JSON value to a string such that two values get the same string exactly
// when they are JSON-equal (object keys sorted; numbers by value).
function jsonKey(v) {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(jsonKey).join(",") + "]";
  return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + jsonKey(v[k])).join(",") + "}";
}

// x-unique-by: the array items that are objects and have the named member must have
// distinct values there.
export function uniqueBy(key) {
  return function xUniqueBy(data) {
    if (!Array.isArray(data)) return true;
    const seen = new Set();
    for (const it of data) {
      if (it === null || typeof it !== "object" || Array.isArray(it)) continue;
      if (!Object.prototype.hasOwnProperty.call(it, key)) continue;
      const v = it[key];
      const k = typeof v === "string" ? "s" + v : jsonKey(v);
      if (seen.has(k)) return false;
      seen.add(k);
    }
    return true;
  };
}
