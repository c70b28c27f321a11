// Type-checks JSON documents as typed constants with tsc (strict, exactOptionalPropertyTypes,
// noUncheckedIndexedAccess): the schema -> types direction of Property 11.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsLiteral } from "./tsliteral.js";

const pkg = fileURLToPath(new URL("../..", import.meta.url));
const tscBin = join(pkg, "node_modules", "typescript", "bin", "tsc");

export interface TypedConstant {
  type: string;
  doc: unknown;
  /** The document is one the types do not accept: written under @ts-expect-error. */
  expectError: boolean;
  /** Where the document comes from, for messages. */
  label: string;
}

/**
 * typecheck writes one typed constant per line into .tmp/<name>/documents.ts (importing the
 * types with the import line given), runs tsc and returns every disagreement: a diagnostic on a
 * constant's line, or an unused @ts-expect-error (tsc accepted a document the types leave out).
 */
export function typecheck(name: string, importLine: string, constants: readonly TypedConstant[]): string[] {
  const workDir = join(pkg, ".tmp", name);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const lines = [`// Written by the tsconformance tests (${name}). Do not edit.`, importLine, ""];
  const lineOf = new Map<number, TypedConstant>();
  constants.forEach((c, i) => {
    lines.push(`// ${c.expectError ? "invalid" : "valid"}: ${c.type} from ${c.label.replace(/[\r\n\u2028\u2029]/g, " ")}`);
    if (c.expectError) lines.push("// @ts-expect-error");
    lineOf.set(lines.length + 1, c);
    lines.push(`export const d${i}: ${c.type} = ${tsLiteral(c.doc)};`);
  });
  writeFileSync(join(workDir, "documents.ts"), `${lines.join("\n")}\n`);
  writeFileSync(
    join(workDir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["documents.ts"],
      },
      null,
      2,
    ),
  );
  let out = "";
  try {
    out = execFileSync(process.execPath, [tscBin, "-p", join(workDir, "tsconfig.json"), "--pretty", "false"], { encoding: "utf8" });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? e);
  }
  const problems: string[] = [];
  for (const line of out.split("\n")) {
    const m = /documents\.ts\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (m === null) {
      if (line.trim() !== "") problems.push(line);
      continue;
    }
    const n = Number(m[1]);
    const c = lineOf.get(n) ?? lineOf.get(n + 1);
    const what = c === undefined ? "?" : `${c.type} from ${c.label}: ${JSON.stringify(c.doc)}`;
    problems.push(m[2] === "TS2578" ? `tsc accepted a document the types leave out (unused @ts-expect-error): ${what}` : `${m[2]} ${m[3]}\n  on ${what}`);
  }
  return problems;
}
