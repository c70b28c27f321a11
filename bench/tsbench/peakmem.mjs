// Peak memory of the generated parseT on 50 MB documents, as a multiple of the document's size;
// prints a markdown section (stdout) for BENCHMARKS.md:
//
//   node peakmem.mjs [BYTES]            writes the documents into a temporary folder, measures, removes them
//   node peakmem.mjs parse TYPE FILE    the measured child: parseT on FILE, prints its peak RSS in bytes
//
// The documents are those of bench/cmd/peakmem (the Go ParseT and skillcheck rows): a skill
// index of many entries, and a skill descriptor whose bulk is an unknown member. Each is
// measured in a node process of its own, from start to exit (process.resourceUsage().maxRSS),
// so the figure includes the text read whole (parseT takes a string), the parsed value, node
// itself and what garbage collection has not yet given back. JSON.parse alone, in the same way,
// is the floor of any parseT built on it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TARGET = 5; // times the document's size
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === "parse") {
  const [type, file] = process.argv.slice(3);
  const text = readFileSync(file, "utf8");
  let ok;
  if (type === "JSON.parse") ok = JSON.parse(text) !== undefined;
  else {
    const sg = await import("./.build/index.js");
    const r = sg[`parse${type}`](text);
    if (!r.ok) process.stderr.write(`peakmem: ${file}: ${JSON.stringify(r.errors.slice(0, 3))}\n`);
    ok = r.ok;
  }
  process.stdout.write(`${process.resourceUsage().maxRSS * 1024}\n`);
  process.exit(ok ? 0 : 1);
}

function build(size, head, record) {
  const parts = [head];
  let n = head.length;
  for (let i = 0; n < size; i++) {
    const r = (i > 0 ? "," : "") + record(i);
    parts.push(r);
    n += r.length;
  }
  parts.push("]}");
  return parts.join("");
}

const size = Number(process.argv[2] ?? 50_000_000);
const documents = [
  {
    type: "SkillIndex",
    what: (t) => `skill index of ${t.split('"id":').length - 1} entries`,
    text: build(
      size,
      '{"protocol":{"version":"1.0.0"},"provider":{"name":"Big","url":"https://big.example/"},"skills":[',
      (i) =>
        `{"id":"example.big.skill-${i}","name":"Skill ${i}","version":"1.${i % 100}.0","capability_type":"api","access":"public",` +
        `"description":"Skill number ${i} of a very large index.","descriptor_url":"/.well-known/skills/example.big.skill-${i}.json"}`,
    ),
  },
  {
    type: "SkillDescriptor",
    what: (t) => `skill descriptor with an unknown member of ${t.split('"n":').length - 1} records`,
    text: build(
      size,
      '{"protocol":{"version":"1.0.0"},"id":"example.big","name":"Big","version":"1.0.0","capability_type":"api",' +
        '"access":"public","description":"A descriptor that carries a large unknown member.","provider":{"name":"Big","url":"https://big.example"},' +
        '"endpoint":{"url":"https://big.example/run","method":"POST"},"inputs":[],"output":{"type":"object"},"auth":{"type":"none"},' +
        '"x-records":[',
      (i) => `{"n":${i},"name":"record ${i}","tags":["a","b","c"],"ok":true,"score":${i % 1000}.5}`,
    ),
  },
];

const MiB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), "tsbench-peakmem-"));
const rows = [];
let worst = 0;
try {
  for (const d of documents) {
    const file = join(dir, `${d.type}.json`);
    writeFileSync(file, d.text);
    const bytes = Buffer.byteLength(d.text);
    const cells = [d.what(d.text), `${(bytes / 1e6).toFixed(1)} MB`];
    for (const impl of [d.type, "JSON.parse"]) {
      const start = process.hrtime.bigint();
      const out = execFileSync(process.execPath, [self, "parse", impl, file], { encoding: "utf8", maxBuffer: 1 << 20 });
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const peak = Number(out.trim());
      const times = peak / bytes;
      if (impl !== "JSON.parse") worst = Math.max(worst, times);
      cells.push(`${(peak / MiB).toFixed(0)} MiB`, `${times.toFixed(1)}×`, `${seconds.toFixed(2)} s`);
      process.stderr.write(`tsbench: peakmem ${impl} on ${d.type}: ${(peak / MiB).toFixed(0)} MiB, ${times.toFixed(1)}×\n`);
    }
    rows.push(`| ${cells.join(" | ")} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`### TypeScript: parseT on 50 MB documents

The documents of \`bench/cmd/peakmem\` (section "Memory: 50 MB documents"), in a node process of its own each (Node ${process.version}), from start to exit
(\`bench/tsbench/peakmem.mjs\`): the generated \`parseT\`, and \`JSON.parse\` alone (the floor of any
parseT built on it). Both include the text, read whole, and node itself (about 40 MiB).

| document | size | parseT peak RSS | × size | time | JSON.parse alone peak RSS | × size | time |
|---|--:|--:|--:|--:|--:|--:|--:|
${rows.join("\n")}

Target: parseT at most ${TARGET}× the document's size. Highest: ${worst.toFixed(1)}×: ${worst <= TARGET ? "met" : "**not met**"}.
`);
