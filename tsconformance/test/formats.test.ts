// The TypeScript format checkers (templates/ts/formats.ts), tested directly: every case of
// every draft's optional/format suite, the hand-written cases of testdata/formats/cases.json,
// and the Go checkers' verdicts on testdata/formats/vectors.json (written by
// go test ./generator/formats -update), which they must match exactly.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import * as formats from "../../templates/ts/formats.js";
import { repoRoot } from "./support/schema.js";

type Checker = (s: string) => boolean;

const DRAFTS = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"] as const;
type Draft = (typeof DRAFTS)[number];

const suiteRoot = process.env["SKILLGEN_JSONSCHEMA_SUITE"] ?? join(repoRoot, "..", "shared", "jsonschema-test-suite");

/** The formats each draft defines (generator/formats.Formats), with relative-json-pointer's two readings. */
function checkerOf(draft: Draft, format: string): Checker | undefined {
  const since: Record<string, Draft> = {
    "date-time": "draft4", email: "draft4", hostname: "draft4", ipv4: "draft4", ipv6: "draft4", uri: "draft4",
    "uri-reference": "draft6", "uri-template": "draft6", "json-pointer": "draft6",
    date: "draft7", time: "draft7", "idn-email": "draft7", "idn-hostname": "draft7", iri: "draft7",
    "iri-reference": "draft7", "relative-json-pointer": "draft7", regex: "draft7",
    duration: "draft2019-09", uuid: "draft2019-09",
  };
  const first = since[format];
  if (first === undefined || DRAFTS.indexOf(draft) < DRAFTS.indexOf(first)) return undefined;
  if (format === "relative-json-pointer" && draft !== "draft2020-12") return formats.formatRelativeJSONPointerDraft7;
  return formats.formatChecker(format);
}

interface SuiteGroup {
  schema: { format?: string };
  tests: { description: string; data: unknown; valid: boolean }[];
}

const KNOWN_FAILURES = new Set<string>(); // "draft/file/description"; docs/suite.md lists them

describe("format checkers: the official suite", () => {
  it("passes every case of every draft's optional/format files", () => {
    expect(existsSync(join(suiteRoot, "draft2020-12")), `no JSON Schema Test Suite at ${suiteRoot}`).toBe(true);
    const failures: string[] = [];
    const rows: string[] = [];
    let all = 0;
    let allPass = 0;
    for (const draft of DRAFTS) {
      const dir = join(suiteRoot, draft, "optional", "format");
      const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const groups = JSON.parse(readFileSync(join(dir, file), "utf8")) as SuiteGroup[];
        let pass = 0;
        let total = 0;
        for (const g of groups) {
          const format = g.schema.format ?? "";
          const check = checkerOf(draft, format);
          if (check === undefined && format !== "unknown") failures.push(`${draft}/${file}: no checker of ${format}`);
          for (const t of g.tests) {
            total++;
            const got = typeof t.data === "string" && check !== undefined ? check(t.data) : true;
            const id = `${draft}/${file}/${t.description}`;
            if (got === t.valid) pass++;
            else if (!KNOWN_FAILURES.has(id)) failures.push(`${id}: ${JSON.stringify(t.data)}: got valid=${got}, want ${t.valid}`);
          }
        }
        all += total;
        allPass += pass;
        rows.push(`${`${draft}/${file}`.padEnd(44)} ${String(pass).padStart(4)} / ${String(total).padStart(4)}  ${((100 * pass) / total).toFixed(2).padStart(6)}%`);
        if (pass * 100 < total * 95) failures.push(`${draft}/${file}: ${pass} of ${total} pass, under 95%`);
      }
    }
    console.log(`format checkers (TypeScript), optional/format suite:\n${rows.join("\n")}\n${"all drafts".padEnd(44)} ${allPass} / ${all}`);
    expect(failures).toEqual([]);
  });
});

interface FormatCase {
  format: string;
  draft?: Draft;
  data: string;
  valid: boolean;
  why: string;
}

const cases = (JSON.parse(readFileSync(join(repoRoot, "testdata", "formats", "cases.json"), "utf8")) as { cases: FormatCase[] }).cases;

describe("format checkers: hand-written cases", () => {
  it("gives every case of testdata/formats/cases.json its verdict", () => {
    expect(cases.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const c of cases) {
      const check = checkerOf(c.draft ?? "draft2020-12", c.format);
      if (check === undefined) failures.push(`no checker of ${c.format}`);
      else if (check(c.data) !== c.valid) failures.push(`${c.format} ${JSON.stringify(c.data)} (${c.why}): got valid=${!c.valid}, want ${c.valid}`);
    }
    expect(failures).toEqual([]);
  });
});

interface VectorFile {
  checkers: { go: string; ts: string }[];
  vectors: [string, string][];
}

const vectorFile = JSON.parse(readFileSync(join(repoRoot, "testdata", "formats", "vectors.json"), "utf8")) as VectorFile;
const byName = formats as unknown as Record<string, Checker | undefined>;
const checkers: Checker[] = vectorFile.checkers.map((c) => {
  const f = byName[c.ts];
  if (typeof f !== "function") throw new Error(`templates/ts/formats.ts does not export ${c.ts}`);
  return f;
});
const verdictsOf = (s: string): string => checkers.map((f) => (f(s) ? "1" : "0")).join("");

describe("format checkers: Go and TypeScript agree", () => {
  it("gives every string of testdata/formats/vectors.json the Go checkers' verdicts", () => {
    expect(vectorFile.vectors.length).toBeGreaterThan(1000);
    const disagreements: string[] = [];
    for (const [s, want] of vectorFile.vectors) {
      const got = verdictsOf(s);
      if (got !== want) {
        const which = vectorFile.checkers.filter((_, i) => got[i] !== want[i]).map((c) => c.ts);
        disagreements.push(`${JSON.stringify(s)}: ${which.join(", ")} (Go ${want}, TypeScript ${got})`);
      }
    }
    console.log(`format vectors: ${vectorFile.vectors.length} strings × ${checkers.length} checkers, ${disagreements.length} disagreements with Go`);
    expect(disagreements).toEqual([]);
  });

  it("reads an unpaired surrogate as U+FFFD, as Go reads an invalid UTF-8 sequence", () => {
    for (const [s] of vectorFile.vectors) {
      if (!s.includes("\ufffd")) continue;
      expect(verdictsOf(s.replaceAll("\ufffd", "\ud800"))).toBe(verdictsOf(s));
      expect(verdictsOf(s.replaceAll("\ufffd", "\udfff"))).toBe(verdictsOf(s));
    }
  });
});

/** Relations between formats that hold for every string. */
function relations(s: string): string[] {
  const broken: string[] = [];
  const f = formats;
  const implies = (a: boolean, b: boolean, what: string): void => {
    if (a && !b) broken.push(what);
  };
  implies(f.formatURI(s), f.formatURIReference(s), "uri ⇒ uri-reference");
  implies(f.formatURI(s), f.formatIRI(s), "uri ⇒ iri");
  implies(f.formatIRI(s), f.formatIRIReference(s), "iri ⇒ iri-reference");
  implies(f.formatURIReference(s), f.formatIRIReference(s), "uri-reference ⇒ iri-reference");
  implies(f.formatHostname(s), f.formatIDNHostname(s), "hostname ⇒ idn-hostname");
  implies(f.formatEmail(s), f.formatIDNEmail(s), "email ⇒ idn-email");
  implies(f.formatRelativeJSONPointerDraft7(s), f.formatRelativeJSONPointer(s), "relative-json-pointer (draft 7) ⇒ (2020-12)");
  if (s.length > 11 && (s[10] === "T" || s[10] === "t")) {
    const whole = f.formatDateTime(s);
    if (whole !== (f.formatDate(s.slice(0, 10)) && f.formatTime(s.slice(11)))) broken.push("date-time = date T time");
  }
  return broken;
}

describe("format checkers: relations between formats", () => {
  it("hold on every vector string", () => {
    const broken: string[] = [];
    for (const [s] of vectorFile.vectors) for (const r of relations(s)) broken.push(`${JSON.stringify(s)}: ${r}`);
    expect(broken).toEqual([]);
  });

  it("hold on random strings, and no checker throws", () => {
    const alphabet = fc.constantFrom(..."0123456789abcdefxnPTZ:/.-@[]%{}~#?\\\"'+*()|^$<>=,;!&_ \u00e9\u00b7\u0660\u06f0\u05d0\u0627\u200c\u200d\u3002\u30fb\ud800\ud83d\ude00".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme-composite", maxLength: 20 })), (s) => {
        for (const c of checkers) expect(typeof c(s)).toBe("boolean");
        expect(relations(s)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("format checkers: the vector file", () => {
  it("names every checker the module exports, once", () => {
    const exported = Object.entries(formats)
      .filter(([n, v]) => n.startsWith("format") && n !== "formatChecker" && typeof v === "function")
      .map(([n]) => n)
      .sort();
    expect(vectorFile.checkers.map((c) => c.ts).sort()).toEqual(exported);
  });

  it("formatChecker gives the 2020-12 checker of every format, and nothing for others", () => {
    for (const c of vectorFile.checkers) {
      if (c.ts === "formatRelativeJSONPointerDraft7") continue;
      expect(formats.formatChecker(c.ts === "formatRelativeJSONPointer" ? "relative-json-pointer" : nameOf(c.ts))).toBe(byName[c.ts]);
    }
    expect(formats.formatChecker("unknown")).toBeUndefined();
    expect(formats.formatChecker("Date-Time")).toBeUndefined();
  });
});

/** nameOf turns a checker's name into its format's: formatIDNHostname → idn-hostname. */
function nameOf(ts: string): string {
  return ts
    .slice("format".length)
    .replace(/(IDN|URI|IRI|UUID|JSON|IPv[46]|[A-Z][a-z]+)/g, (w) => `-${w.toLowerCase()}`)
    .slice(1);
}

/**
 * usesES2025 reports whether a pattern uses syntax that ECMAScript 2025 added (modifiers, a group
 * name used twice), which the engine running the test may not have yet.
 */
function usesES2025(s: string): boolean {
  if (/\(\?(?:[ims]+(?:-[ims]*)?|-[ims]+):/.test(s)) return true;
  const names = [...s.matchAll(/\(\?<([^=!>][^>]*)>/g)].map((m) => m[1]);
  return new Set(names).size !== names.length;
}

function engineAccepts(s: string): boolean {
  try {
    new RegExp(s, "u");
    return true;
  } catch {
    return false;
  }
}

describe("format checkers: regex against the engine", () => {
  it("formatRegex agrees with new RegExp(s, \"u\") on every vector and case string (ECMAScript 2025 syntax aside)", () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const s of [...vectorFile.vectors.map((v) => v[0]), ...cases.map((c) => c.data)]) {
      if (usesES2025(s)) continue;
      compared++;
      if (formats.formatRegex(s) !== engineAccepts(s)) disagreements.push(JSON.stringify(s));
    }
    expect(compared).toBeGreaterThan(2000);
    expect(disagreements).toEqual([]);
  });

  it("formatRegex agrees with new RegExp(s, \"u\") on random patterns", () => {
    const unit = fc.constantFrom(..."()[]{}|^$.*+?\\-,:=!<>/0123456789abcdkpuxPBDSW_ \u03c0\u00e9\ud83d\ude00".split(""), "\\p{", "\\u{", "(?<", "(?:", "{1,", "[^");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (s) => {
        if (usesES2025(s)) return;
        expect(formats.formatRegex(s)).toBe(engineAccepts(s));
      }),
      { numRuns: 5000 },
    );
  });
});
