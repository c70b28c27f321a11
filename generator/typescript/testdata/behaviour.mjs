// Runs the behaviour packs of the generated package against the Go package's results
// (written by behaviour_test.go) and the SuperAuditor conformance fixtures.
//
// usage: node behaviour.mjs findings.json protocol.json
import { readFileSync } from "node:fs";
import * as api from "./dist/index.js";

let failures = 0;
function fail(name, msg) {
  failures++;
  if (failures <= 50) console.error(`FAIL ${name}: ${msg}`);
}

// ---------------------------------------------------------------------------------------------
// A lossless JSON reader and writer: every number is kept as its literal (JNum), so integers
// beyond 2^53 survive, and numbers are compared by exact value.

class JNum {
  constructor(text) {
    this.text = text;
  }
}

function parse(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const o = {};
      ws();
      if (text[i] === "}") {
        i++;
        return o;
      }
      for (;;) {
        ws();
        const k = str();
        ws();
        if (text[i++] !== ":") throw new Error("expected : at " + i);
        Object.defineProperty(o, k, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        const d = text[i++];
        if (d === "}") return o;
        if (d !== ",") throw new Error("expected , or } at " + i);
      }
    }
    if (c === "[") {
      i++;
      const a = [];
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
        if (d !== ",") throw new Error("expected , or ] at " + i);
      }
    }
    if (c === '"') return str();
    for (const [lit, v] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(lit, i)) {
        i += lit.length;
        return v;
      }
    }
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i));
    if (!m) throw new Error("bad JSON at " + i);
    i += m[0].length;
    return new JNum(m[0]);
  };
  const str = () => {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i));
    if (!m) throw new Error("bad string at " + i);
    i += m[0].length;
    return JSON.parse(m[0]);
  };
  const v = value();
  ws();
  if (i !== text.length) throw new Error("trailing data");
  return v;
}

function stringify(v) {
  if (v instanceof JNum) return v.text;
  if (typeof v === "bigint") return v.toString();
  if (Array.isArray(v)) return "[" + v.map(stringify).join(",") + "]";
  if (typeof v === "object" && v !== null) {
    return "{" + Object.keys(v).map((k) => JSON.stringify(k) + ":" + stringify(v[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

// canonical writes a number literal as digits and a power of ten, so equal values are equal text.
function canonical(text) {
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(text);
  if (!m) return text;
  let digits = (m[2] + (m[3] ?? "")).replace(/^0+/, "");
  let exp = BigInt(m[4] ?? "0") - BigInt((m[3] ?? "").length);
  if (digits === "") return "0";
  while (digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    exp++;
  }
  return m[1] + digits + "e" + exp;
}

function numText(v) {
  if (v instanceof JNum) return v.text;
  if (typeof v === "number") return String(v);
  return undefined;
}

// diff returns where a and b differ (numbers by value, objects by exact key set), or "".
function diff(a, b, at = "") {
  const na = numText(a);
  const nb = numText(b);
  if (na !== undefined || nb !== undefined) {
    return na !== undefined && nb !== undefined && canonical(na) === canonical(nb) ? "" : `${at}: ${na ?? JSON.stringify(a)} != ${nb ?? JSON.stringify(b)}`;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return `${at}: ${stringify(a)} != ${stringify(b)}`;
    for (let i = 0; i < a.length; i++) {
      const d = diff(a[i], b[i], `${at}/${i}`);
      if (d) return d;
    }
    return "";
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (ka.join("\u0000") !== kb.join("\u0000")) return `${at}: keys ${JSON.stringify(ka)} != ${JSON.stringify(kb)}`;
    for (const k of ka) {
      const d = diff(a[k], b[k], `${at}/${k}`);
      if (d) return d;
    }
    return "";
  }
  return a === b ? "" : `${at}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`;
}

// ---------------------------------------------------------------------------------------------
// SuperAuditor

function runFindings(input) {
  const params = { per_kind_limit: Number(input.per_kind_limit.text), include_summary: input.include_summary };
  if (input.session_key !== null) params.session_key = input.session_key;
  const opts = {
    severities: input.severity_map,
    fallbackInfo: input.fallback_info,
    sharedTransport: input.shared_transport,
    serverVersion: input.server_version,
  };
  const output = input.detector_output.map((o) => {
    const { kind, ...payload } = o;
    return { kind, payload };
  });
  const before = stringify(output);
  let resp;
  let error;
  try {
    resp = api.buildFindingsResponse(output, params, opts);
  } catch (err) {
    error = err;
  }
  if (stringify(output) !== before) throw new Error("the detector output was modified");
  return { resp, error };
}

// summaryConsistent applies the rule of the fixture README.
function summaryConsistent(resp, include) {
  if (!include) return "summary" in resp ? "summary present with include_summary false" : "";
  const s = resp.summary;
  if (typeof s !== "string" || s === "") return "summary missing or empty";
  const needles = [numText(resp.total)];
  for (const k of Object.keys(resp.counts_by_kind)) needles.push(k, numText(resp.counts_by_kind[k]));
  needles.push(...resp.capped_kinds);
  for (const n of needles) if (!s.includes(n)) return `summary ${JSON.stringify(s)} lacks ${JSON.stringify(n)}`;
  return "";
}

// Read losslessly: the inputs carry integers beyond 2^53.
const findingsCases = parse(readFileSync(process.argv[2], "utf8"));
let fixtures = 0;
let refused = 0;
for (const c of findingsCases) {
  const input = c.input;
  let r;
  try {
    r = runFindings(input);
  } catch (err) {
    fail(c.name, String(err));
    continue;
  }
  if (c.name.startsWith("fixture:")) fixtures++;
  if (!!r.error !== c.go_error) {
    fail(c.name, `TypeScript ${r.error ? "throws " + r.error : "succeeds"}, Go ${c.go_error ? "fails" : "succeeds"}`);
    continue;
  }
  if (r.error) {
    refused++;
    const known = [api.FindingsParamsError, api.DetectorOutputError, api.SeverityMapError];
    if (!(r.error instanceof Error)) fail(c.name, "thrown value is not an Error");
    if (input.expected_error !== undefined && input.expected_error !== true) fail(c.name, "bad fixture");
    if (!known.some((k) => r.error instanceof k) && !/ServerVersion/.test(r.error.message)) fail(c.name, "unexpected error " + r.error);
    continue;
  }
  // Serialise, read back, compare with Go's response (summary byte for byte).
  const back = parse(stringify(r.resp));
  const d = diff(back, c.go_response);
  if (d) fail(c.name, "differs from Go: " + d);
  const sd = summaryConsistent(back, input.include_summary);
  if (sd) fail(c.name, sd);
  if (input.expected !== undefined) {
    delete back.summary;
    const e = diff(back, input.expected);
    if (e) fail(c.name, "differs from expected: " + e);
  } else if (c.name.startsWith("fixture:")) {
    fail(c.name, "Go and TypeScript succeed but the fixture expects an error");
  }
}

// Superauditor helpers.
{
  const m = { a: "info", b: "warn", c: "critical", d: "severe" };
  const cov = api.coversProbes(m, ["z", "a", "d", "y", "z"]);
  if (!(cov instanceof api.SeverityMapError) || cov.unmapped.join() !== "y,z" || cov.invalid.join() !== "d") fail("coversProbes", String(cov));
  if (api.coversProbes(m, ["a", "b", "c"]) !== null) fail("coversProbes", "complete map reported");
  if (api.lookupSeverity(m, "d") !== undefined || api.lookupSeverity(m, "b") !== "warn" || api.lookupSeverity(m, "constructor") !== undefined) fail("lookupSeverity", "");
  if (api.resolveSeverity(m, "nope", true) !== "info") fail("resolveSeverity", "fallback");
  try {
    api.resolveSeverity(m, "nope", false);
    fail("resolveSeverity", "no error without fallback");
  } catch (err) {
    if (!(err instanceof api.SeverityMapError) || err.unmapped[0] !== "nope") fail("resolveSeverity", String(err));
  }
  const sorted = ["info", "critical", "bogus", "warn"].sort(api.compareSeverity);
  if (sorted.join() !== "bogus,info,warn,critical") fail("compareSeverity", sorted.join());
  if (api.checkLexicalProbes(m, ["a", "b", "c"])?.message.includes('"b" is warn, "c" is critical') !== true) fail("checkLexicalProbes", "");
  const warnings = [];
  const modes = [" ALL ", "", "off", "Context", "\u00a0off\u0085", "nope"].map((s) => api.parseBroadcastMode(s, (w) => warnings.push(w)));
  if (modes.join() !== "all,all,off,context,off,all" || warnings.length !== 1 || !warnings[0].includes('"nope"')) fail("parseBroadcastMode", modes.join() + " " + warnings);
  const knob = new api.BroadcastKnob("context", "context");
  if (!knob.pushes("context") || knob.pushes("other") || knob.pushes(api.GET_SESSION_FINDINGS_TOOL)) fail("BroadcastKnob", "context");
  const quiet = () => {};
  if (!new api.BroadcastKnob("context", "", quiet).pushes("other") || new api.BroadcastKnob("off").pushes("x") || !new api.BroadcastKnob().pushes("x")) fail("BroadcastKnob", "modes");
  const cases = [
    ['{"a":1}', '{"a":1,"find\\u003cings\\u003e":{"n":1}}'],
    ["{ }\n", '{"find\\u003cings\\u003e":{"n":1} }\n'],
  ];
  for (const [inp, want] of cases) {
    const got = api.spliceBroadcastBlock(inp, "find<ings>", '{"n":1}');
    if (got !== want) fail("spliceBroadcastBlock", JSON.stringify(got) + " != " + JSON.stringify(want));
  }
}

// ---------------------------------------------------------------------------------------------
// Skill protocol

const pc = JSON.parse(readFileSync(process.argv[3], "utf8"));
for (const v of pc.versions) {
  let got = "ok";
  try {
    api.checkCompatibility(v.descriptor, v.consumer);
  } catch (err) {
    if (err instanceof api.VersionIncompatibleError) {
      got = "incompatible";
      if (err.code !== "version_incompatible") fail("code", err.code);
      if (!err.message.includes(err.descriptor.toString()) || !err.message.includes(err.consumer.toString())) fail("message", err.message);
      if (err.descriptor.toString() !== v.descriptor || err.consumer.toString() !== v.consumer) fail("versions", err.message);
    } else if (err instanceof api.InvalidVersionError) got = "invalid";
    else got = "threw " + err;
  }
  if (got !== v.result) fail(`checkCompatibility(${JSON.stringify(v.descriptor)}, ${JSON.stringify(v.consumer)})`, `${got}, Go ${v.result}`);
}
for (const p of pc.paths) {
  const got = api.descriptorPath(p.id);
  if (got !== p.path) fail(`descriptorPath(${JSON.stringify(p.id)})`, `${got}, Go ${p.path}`);
}
for (const c of pc.indexes) {
  const descs = JSON.parse(JSON.stringify(c.descriptors));
  const opts = { authenticated: c.authenticated };
  if (c.baseURL !== "") opts.baseURL = c.baseURL;
  let idx;
  let error;
  try {
    idx = api.buildIndex(descs, opts);
  } catch (err) {
    error = err;
  }
  if (!!error !== c.go_error) {
    fail(c.name, `TypeScript ${error ? "throws " + error.message : "succeeds"}, Go ${c.go_error ? "fails" : "succeeds"}`);
    continue;
  }
  if (error) {
    const errs = error instanceof api.IndexError ? error.errors : [];
    const dups = errs.filter((e) => e instanceof api.DuplicateIDError).map((e) => [e.first, e.second]);
    const inv = errs.filter((e) => e instanceof api.InvalidDescriptorError).map((e) => e.position);
    if (JSON.stringify(dups) !== JSON.stringify(c.go_duplicates ?? [])) fail(c.name, `duplicates ${JSON.stringify(dups)}, Go ${JSON.stringify(c.go_duplicates)}`);
    if (JSON.stringify(inv) !== JSON.stringify(c.go_invalid ?? [])) fail(c.name, `invalid ${JSON.stringify(inv)}, Go ${JSON.stringify(c.go_invalid)}`);
    for (const e of errs.filter((e) => e instanceof api.DuplicateIDError)) {
      if (!e.message.includes(`descriptors[${e.first}] and descriptors[${e.second}]`)) fail(c.name, e.message);
    }
    continue;
  }
  const d = diff(JSON.parse(JSON.stringify(idx)), c.go_index);
  if (d) fail(c.name, "index differs from Go: " + d);
  if (!api.isSkillIndex(idx)) fail(c.name, "not a valid SkillIndex");
  for (const t of api.CapabilityTypeValues) {
    const got = api.filterEntriesByCapability(idx.skills, t).map((e) => e.id);
    const want = idx.skills.filter((e) => e.capability_type === t).map((e) => e.id);
    if (got.join() !== want.join()) fail(c.name, "filterEntriesByCapability " + t);
    const gotD = api.filterByCapability(descs, t).map((e) => e.id);
    const wantD = descs.filter((e) => e.capability_type === t).map((e) => e.id);
    if (gotD.join() !== wantD.join()) fail(c.name, "filterByCapability " + t);
  }
}
if (api.WELL_KNOWN_INDEX_PATH !== "/.well-known/skills/index.json") fail("WELL_KNOWN_INDEX_PATH", api.WELL_KNOWN_INDEX_PATH);
const v = api.parseVersion("18446744073709551615.2.3");
if (v.major !== 18446744073709551615n || v.compare(api.parseVersion("18446744073709551615.10.0")) !== -1) fail("parseVersion", v.toString());

if (failures > 0) {
  console.error(`${failures} failure(s)`);
  process.exit(1);
}
console.log(
  `behaviour: ${findingsCases.length} findings cases (${fixtures} fixtures, ${refused} refused), ${pc.versions.length} version pairs, ` +
    `${pc.paths.length} paths, ${pc.indexes.length} indexes agree with Go`,
);
