// Type-checks one JSON document at a time as a typed constant, in process, with the TypeScript
// language service (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, as tsc.ts):
// the schema -> types direction of Property 11 inside a fast-check property. The generated
// types are parsed and bound once; each check re-checks only the one-line document file.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const pkg = fileURLToPath(new URL("../..", import.meta.url));
import { tsLiteral } from "./tsliteral.js";

export interface TypeService {
  /** The diagnostics tsc gives the constant `const d: typeName = doc` (none: the type accepts it). */
  check(typeName: string, doc: unknown): string[];
}

export function typeService(): TypeService {
  const file = join(pkg, ".tmp", "typeservice", "document.ts");
  const importPath = "../../../gen/ts/src/index.js";
  let text = "";
  let version = 0;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: (f) => (f === file ? String(version) : "0"),
    getScriptSnapshot: (f) => {
      if (f === file) return ts.ScriptSnapshot.fromString(text);
      const s = ts.sys.readFile(f);
      return s === undefined ? undefined : ts.ScriptSnapshot.fromString(s);
    },
    getCurrentDirectory: () => pkg,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === file || ts.sys.fileExists(f),
    readFile: (f) => (f === file ? text : ts.sys.readFile(f)),
    directoryExists: (d) => ts.sys.directoryExists(d) || file.startsWith(d),
    getDirectories: (d) => ts.sys.getDirectories(d),
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return {
    check(typeName, doc) {
      text = `import type { ${typeName} } from "${importPath}";\nexport const d: ${typeName} = ${tsLiteral(doc)};\n`;
      version++;
      return [...service.getSyntacticDiagnostics(file), ...service.getSemanticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  };
}
