// The functions of each named type (validate.ts, one rt.api call per type) as an editor and the
// compiler see them: every name keeps its signature, with the type named in it, and a doc
// comment on hover, both in the sources and in the declarations a consumer of the built package
// reads (dist/*.d.ts); a type guard narrows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const src = join(root, "gen", "ts", "src");

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  types: [],
};

// The signature each function shows on hover, for a type T.
const SIGNATURES: [string, (t: string) => string][] = [
  ["validate", () => "(value: unknown): ValidationError[]"],
  ["is", (t) => `(value: unknown): value is ${t}`],
  ["check", (t) => `(value: unknown): ParseResult<${t}>`],
  ["parse", (t) => `(json: string): ParseResult<${t}>`],
  ["serialize", (t) => `(value: ${t}): string`],
];
const TYPES = ["SkillDescriptor", "FindingsResponse", "Severity", "Auth"];

/** service is a language service over files in memory, backed by the file system for the rest. */
function service(files: Map<string, string>): ts.LanguageService {
  const read = (f: string): string | undefined => files.get(f) ?? ts.sys.readFile(f);
  return ts.createLanguageService({
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => {
      const text = read(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => files.has(f) || ts.sys.fileExists(f),
    readFile: read,
  });
}

/** consumer is a module that imports and calls every function of TYPES from spec. */
function consumer(spec: string): string {
  const names = TYPES.flatMap((t) => SIGNATURES.map(([f]) => f + t));
  const lines = [`import { ${names.join(", ")} } from "${spec}";`, `import type { ${TYPES.join(", ")} } from "${spec}";`, "declare const x: unknown;"];
  for (const t of TYPES) {
    lines.push(`if (is${t}(x)) { const y: ${t} = x; serialize${t}(y); }`);
    for (const [f] of SIGNATURES) if (f !== "serialize") lines.push(`${f}${t}(${f === "parse" ? '"{}"' : "x"});`);
  }
  return lines.join("\n") + "\n";
}

function hovers(ls: ts.LanguageService, file: string, text: string): void {
  const diagnostics = [...ls.getSyntacticDiagnostics(file), ...ls.getSemanticDiagnostics(file)];
  expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  for (const t of TYPES) {
    for (const [f, sig] of SIGNATURES) {
      const name = f + t;
      const at = text.lastIndexOf(`${name}(`);
      expect(at, name).toBeGreaterThan(0);
      const info = ls.getQuickInfoAtPosition(file, at + 1);
      const shown = ts.displayPartsToString(info?.displayParts).replace(/\s+/g, " ");
      expect(shown, name).toContain(name + sig(t).replace(/^\(/, "("));
      expect(ts.displayPartsToString(info?.documentation).length, `${name} has a doc`).toBeGreaterThan(10);
    }
  }
}

describe("the functions of each named type", () => {
  it("keep their signatures and docs on hover in the sources, and the type guard narrows", () => {
    const file = join(root, "tsconformance", ".tmp", "api", "consumer.ts");
    const text = consumer(join(src, "index.js"));
    hovers(service(new Map([[file, text]])), file, text);
  });

  it("keep them in the declarations of the built package", () => {
    const out = join(root, "tsconformance", ".tmp", "api", "dist");
    const files = new Map<string, string>();
    const program = ts.createProgram([join(src, "index.ts")], { ...options, declaration: true, emitDeclarationOnly: true, rootDir: src, outDir: out });
    const emitted = program.emit(undefined, (f, data) => files.set(f, data));
    expect(emitted.diagnostics).toEqual([]);
    expect(files.has(join(out, "validate.d.ts"))).toBe(true);
    // A consumer sees only the declarations: the sources are not there.
    const file = join(root, "tsconformance", ".tmp", "api", "consumer.ts");
    const text = consumer("./dist/index.js");
    files.set(file, text);
    hovers(service(files), file, text);
    expect(readFileSync(join(src, "validate.ts"), "utf8")).toContain("}: rt.API<SkillDescriptor> = /*#__PURE__*/ rt.api(n.vSkillDescriptor)");
  });
});
