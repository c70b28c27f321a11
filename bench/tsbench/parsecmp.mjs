// parsecmp: parseT of two builds of gen/ts side by side, with JSON.parse alone and JSON.parse +
// ajv (allErrors) as references, on the documents of .docs and a SkillIndex of 40,000 entries
// (15 MB), in interleaved rounds (ROUNDS, default 7, of MS milliseconds per case, default 150);
// prints a markdown table of medians and their ratios. "before" is the build given as argument,
// "after" is .build (run.sh writes both .build and .docs):
//
//   git show REV:gen/ts/src/FILE for each file into /tmp/old/src, compile it with a copy of
//   tsconfig.json pointed there (outDir /tmp/old/.build), then
//   node parsecmp.mjs /tmp/old/.build/index.js
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { uniqueBy } from "./ajvkeywords.mjs";
import * as sgNew from "./.build/index.js";
const sgOld = await import(process.argv[2]);
const root = join(process.cwd(), "../..");
const ajv = new Ajv2020({ allErrors: true, validateFormats: false });
ajv.addKeyword({ keyword: "x-unique-by", type: "array", schemaType: "string", compile: uniqueBy });
for (const k of ["x-skillgen-behaviour", "x-skillgen-tool"]) ajv.addKeyword({ keyword: k });
for (const dir of ["schema", "schema/defs"]) for (const f of readdirSync(join(root, dir)).filter((f) => f.endsWith(".json")).sort()) ajv.addSchema(JSON.parse(readFileSync(join(root, dir, f), "utf8")));
const docs = JSON.parse(readFileSync(".docs/index.json", "utf8")).map((d) => ({ name: d.name, type: d.type, text: readFileSync(join(".docs", d.file), "utf8") }));
const parts = ['{"protocol":{"version":"1.0.0"},"provider":{"name":"Big","url":"https://big.example/"},"skills":['];
for (let i = 0; i < 40000; i++) parts.push((i ? "," : "") + `{"id":"example.big.skill-${i}","name":"Skill ${i}","version":"1.${i % 100}.0","capability_type":"api","access":"public",` + `"description":"Skill number ${i} of a very large index, with a longer description to bring the entry near the size of a real one: it says what the skill does, for whom, and with which limits.","descriptor_url":"/.well-known/skills/example.big.skill-${i}.json"}`);
parts.push("]}");
docs.push({ name: "SkillIndex-40000", type: "SkillIndex", text: parts.join("") });
const rounds = Number(process.env.ROUNDS ?? 7);
const perCase = Number(process.env.MS ?? 150);
function time(fn) {
  let n = 0; const end = process.hrtime.bigint() + BigInt(perCase * 1e6); const s = process.hrtime.bigint(); let t;
  do { fn(); n++; t = process.hrtime.bigint(); } while (t < end);
  return Number(t - s) / n;
}
const med = (xs) => { const a = [...xs].sort((x, y) => x - y); return a[a.length >> 1]; };
console.log("| document | bytes | JSON.parse ns | parseT before ns | parseT after ns | JSON.parse/parseT before | after | (JSON.parse+ajv)/parseT before | after |");
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const d of docs) {
  const v = ajv.getSchema(`https://skillgen.dev/schema/v1/${d.type}.json`);
  const po = sgOld[`parse${d.type}`], pn = sgNew[`parse${d.type}`];
  if (!po(d.text).ok || !pn(d.text).ok || !v(JSON.parse(d.text))) throw new Error(d.name + " rejected");
  const cases = { json: () => JSON.parse(d.text), old: () => po(d.text), neu: () => pn(d.text), ajv: () => v(JSON.parse(d.text)) };
  const r = { json: [], old: [], neu: [], ajv: [] };
  for (const f of Object.values(cases)) time(f);
  for (let i = 0; i < rounds; i++) for (const [k, f] of Object.entries(cases)) r[k].push(time(f));
  const m = Object.fromEntries(Object.entries(r).map(([k, xs]) => [k, med(xs)]));
  const f = (x) => Math.round(x).toLocaleString("en-US"), x = (a) => a.toFixed(2) + "×";
  console.log(`| ${d.name} | ${d.text.length} | ${f(m.json)} | ${f(m.old)} | ${f(m.neu)} | ${x(m.json / m.old)} | ${x(m.json / m.neu)} | ${x(m.ajv / m.old)} | ${x(m.ajv / m.neu)} |`);
}
