// Rules of the skill-sharing protocol on the generated TypeScript package (src/protocol.ts) that
// the other suites reach only through the package's own constants: the Well-Known path as the
// literal the protocol documents name, and descriptor URLs under a base URL with a path (a
// mirror; Property 6 itself is proven over HTTP in http.test.ts). Expected values come from the
// specifications' text and from models written here.
import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import {
  buildIndex,
  descriptorPath,
  indexURL,
  newIndexHandler,
  parseSkillDescriptor,
  parseSkillIndex,
  resolveDescriptorURL,
  WELL_KNOWN_DESCRIPTOR_PREFIX,
  WELL_KNOWN_INDEX_PATH,
} from "../../gen/ts/src/index.js";
import type { Access, SkillDescriptor } from "../../gen/ts/src/index.js";
import { arbitrarySkillDescriptor } from "../../gen/ts/src/arbitraries.js";

/** The index path the protocol documents name (schema/SkillIndex.json, docs/protocol.md), under RFC 8615's /.well-known/. */
const INDEX_PATH = "/.well-known/skills/index.json";
const DESCRIPTORS = "/.well-known/skills/descriptors/";

const providerSkills = fc.uniqueArray(
  fc.tuple(arbitrarySkillDescriptor(), fc.constantFrom<Access>("public", "restricted", "private")).map(([d, access]): SkillDescriptor => ({ ...d, access })),
  { selector: (d) => d.id, maxLength: 6 },
);

describe("the Well-Known skill index", () => {
  it("the index and descriptor paths are the literals the protocol names, at the root of the provider's origin", async () => {
    expect(WELL_KNOWN_INDEX_PATH).toBe(INDEX_PATH);
    expect(WELL_KNOWN_DESCRIPTOR_PREFIX).toBe(DESCRIPTORS);
    expect(descriptorPath("weather.forecast")).toBe(`${DESCRIPTORS}weather.forecast.json`);
    for (const [origin, want] of [
      ["https://skills.example.com", `https://skills.example.com${INDEX_PATH}`],
      ["https://skills.example.com/mirror/?q=1#f", `https://skills.example.com${INDEX_PATH}`],
      ["http://127.0.0.1:8080/a/b", `http://127.0.0.1:8080${INDEX_PATH}`],
    ] as const) {
      expect(indexURL(origin), origin).toBe(want);
    }
    const d: SkillDescriptor = { ...fc.sample(arbitrarySkillDescriptor(), { numRuns: 1, seed: 7 })[0]!, id: "weather.forecast", access: "public" };
    const handler = await newIndexHandler([d]);
    const get = (path: string) => handler(new Request(`https://skills.example.com${path}`));
    const index = await get(INDEX_PATH);
    expect(index.status).toBe(200);
    const parsed = parseSkillIndex(await index.text());
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.value.skills.map((e) => e.descriptor_url)).toEqual([`${DESCRIPTORS}weather.forecast.json`]);
    const desc = await get(`${DESCRIPTORS}weather.forecast.json`);
    expect(desc.status).toBe(200);
    expect(parseSkillDescriptor(await desc.text()).ok).toBe(true);
  });

  it("Property 6 on a mirror: under a base URL with a path (https://host/mirror/), every descriptor_url is that path followed by the descriptor's Well-Known path, and resolves to a valid descriptor served there", async () => {
    const base = fc
      .tuple(
        fc.constantFrom("https://provider.example", "https://cdn.example.com:8443", "https://192.0.2.7"),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
      )
      .map(([origin, segments, slash]) => ({ origin, prefix: "/" + segments.join("/"), url: origin + "/" + segments.join("/") + (slash ? "/" : "") }));
    await fc.assert(
      fc.asyncProperty(providerSkills, base, async (descs, b) => {
        const index = buildIndex(descs, { baseURL: b.url });
        expect(index.skills.map((e) => e.id)).toEqual(descs.filter((d) => d.access !== "private").map((d) => d.id));
        const handler = await newIndexHandler(descs, { index: { baseURL: b.url } });
        const fetchedFrom = new URL(INDEX_PATH, b.origin).href;
        for (const e of index.skills) {
          // The base URL without its trailing slash, then /.well-known/skills/descriptors/<id>.json.
          expect(e.descriptor_url).toBe(`${b.origin}${b.prefix}${DESCRIPTORS}${encodeURIComponent(e.id)}.json`);
          const url = new URL(resolveDescriptorURL(fetchedFrom, e));
          expect(url.href).toBe(new URL(e.descriptor_url).href);
          // A mirror serves the provider's tree below its path.
          expect(url.pathname.startsWith(b.prefix + "/")).toBe(true);
          const res = handler(new Request(new URL(url.pathname.slice(b.prefix.length), url).href));
          expect(res.status).toBe(200);
          const parsed = parseSkillDescriptor(await res.text());
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
          expect(parsed.value.id).toBe(e.id);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("If-None-Match matches * or a listed entity tag (weak comparison); a malformed member, such as an unterminated quoted tag, ends the list without a match", async () => {
    const d: SkillDescriptor = { ...fc.sample(arbitrarySkillDescriptor(), { numRuns: 1, seed: 7 })[0]!, id: "weather.forecast", access: "public" };
    const handler = await newIndexHandler([d]);
    const get = (inm?: string) => handler(new Request(`https://skills.example.com${INDEX_PATH}`, inm === undefined ? {} : { headers: { "If-None-Match": inm } }));
    const etag = get().headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const cases: [string, number][] = [
      [etag, 304],
      [`W/${etag}`, 304],
      [`"other", ${etag}`, 304],
      ["*", 304],
      ['"other"', 200],
      ['"unterminated', 200],
      ['W/"unterminated', 200],
      ['"other", "unterminated', 200],
      [`"unterminated, ${etag}`, 200],
      [`bare, ${etag}`, 200],
      ["W/", 200],
      ['"x", '.repeat(10000), 200],
    ];
    for (const [inm, want] of cases) expect(get(inm).status, inm.slice(0, 60)).toBe(want);
  });
});
