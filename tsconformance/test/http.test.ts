// The skill index over real HTTP on 127.0.0.1: the generated Fetch API handler (newIndexHandler)
// behind a small node:http adapter, and the generated Consumer on Node's fetch. Property 6 is
// proven here end to end, and the handler's and the consumer's behaviour is checked against
// the Go package's (docs/protocol.md): access control, ETag, 304, 405, Vary, caching, the
// version check first, the body limit and the deadline.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fc from "fast-check";
import {
  Consumer,
  DescriptorMismatchError,
  descriptorPath,
  FetchError,
  indexURL,
  InvalidDocumentError,
  newIndexHandler,
  resolveDescriptorURL,
  validateSkillDescriptor,
  validateSkillIndex,
  VersionIncompatibleError,
  WELL_KNOWN_INDEX_PATH,
} from "../../gen/ts/src/index.js";
import type { Access, IndexHandler, SkillDescriptor } from "../../gen/ts/src/index.js";
import { arbitrarySkillDescriptor } from "../../gen/ts/src/arbitraries.js";
import { ajvCheck } from "./support/schema.js";
import { asJson } from "./support/mutations.js";
import { rejection } from "./support/detector.js";

const SECRET = "Bearer let-me-in";
const authHook = (r: { headers: { get(name: string): string | null } }) => r.headers.get("Authorization") === SECRET;

type Route = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** The adapter a Node 20 server needs: node:http request → Fetch API Request → handler → Response. */
function fetchAdapter(handler: () => IndexHandler): Route {
  return async (req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
    const response = handler()(new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, { method: req.method ?? "GET", headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

let server: Server;
let origin = "";
let route: Route = (_req, res) => void res.writeHead(500).end();

beforeAll(async () => {
  server = createServer((req, res) => void Promise.resolve(route(req, res)).catch((err: unknown) => res.writeHead(500).end(String(err))));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Serves descs with newIndexHandler and returns the index URL. */
async function serveIndex(descs: readonly SkillDescriptor[], opts: Parameters<typeof newIndexHandler>[1] = { authenticated: authHook }): Promise<string> {
  const h = await newIndexHandler(descs, opts);
  route = fetchAdapter(() => h);
  return origin + WELL_KNOWN_INDEX_PATH;
}

/**
 * A provider's skills: distinct ids, every access level represented often, and a protocol
 * version of the consumer's MAJOR (any MINOR and PATCH) so that every descriptor is processed.
 */
const providerSkills = (maxLength: number) =>
  fc.uniqueArray(
    fc
      .tuple(arbitrarySkillDescriptor(), fc.constantFrom<Access>("public", "restricted", "private"))
      .map(([d, access]): SkillDescriptor => ({ ...d, access, protocol: { ...d.protocol, version: d.protocol.version.replace(/^[0-9]+/, "1") } })),
    { selector: (d) => d.id, maxLength },
  );

const example = (id: string, access: Access): SkillDescriptor => ({
  protocol: { version: "1.0.0" },
  id,
  name: "Weather forecast",
  version: "2.1.0",
  capability_type: "api",
  description: "Seven-day forecast for a place.",
  provider: { name: "Example Weather", url: "https://weather.example.com" },
  endpoint: { url: "https://api.weather.example.com/forecast", method: "POST" },
  inputs: [{ name: "place", type: "string", required: true }],
  output: { type: "object", media_type: "application/json" },
  auth: { type: "api_key", in: "header", name: "X-API-Key" },
  access,
});

const SAMPLE: SkillDescriptor[] = [example("pub-api", "public"), example("secret", "private"), example("members", "restricted"), example("internal", "private"), example("index", "public")];

async function get(url: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: string }> {
  const r = await fetch(url, init);
  return { status: r.status, headers: r.headers, body: await r.text() };
}

describe("skill index over HTTP (TypeScript handler and consumer)", () => {
  it("Feature: skill-sharing-protocol, Property 6: the unauthenticated Well-Known index lists every non-private skill and no private one, and every descriptor_url resolves to a valid descriptor (over HTTP on 127.0.0.1)", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(providerSkills(6), async (descs) => {
        runs++;
        const url = await serveIndex(descs);
        const consumer = new Consumer();
        const index = await consumer.fetchIndex(url);
        expect(validateSkillIndex(index)).toEqual([]);
        expect(ajvCheck("SkillIndex", asJson(index)).errors).toEqual([]);
        // Exactly the skills whose access is not private, in the provider's order.
        expect(index.skills.map((e) => e.id)).toEqual(descs.filter((d) => d.access !== "private").map((d) => d.id));
        const byID = new Map(descs.map((d) => [d.id, d]));
        for (const e of index.skills) {
          expect(e.access).not.toBe("private");
          // Each descriptor_url resolves, against the index URL, to a valid descriptor with the entry's id.
          const d = await consumer.fetchDescriptor(url, e);
          expect(d.id).toBe(e.id);
          expect(validateSkillDescriptor(asJson(d))).toEqual([]);
          expect(ajvCheck("SkillDescriptor", asJson(d)).errors).toEqual([]);
          expect(asJson(d)).toEqual(asJson(byID.get(e.id)));
        }
        // A private skill's descriptor does not exist for an unauthenticated caller.
        for (const d of descs.filter((x) => x.access === "private")) {
          const err = await rejection(consumer.fetchDescriptor(url, { id: d.id, descriptor_url: descriptorPath(d.id) }));
          expect(err).toBeInstanceOf(FetchError);
          expect((err as FetchError).status).toBe(404);
        }
        // The authenticated view adds the private skills and nothing else.
        const authed = new Consumer({ headers: { Authorization: SECRET } });
        const all = await authed.fetchIndex(url);
        expect(all.skills.map((e) => e.id)).toEqual(descs.map((d) => d.id));
        for (const e of all.skills) expect((await authed.fetchDescriptor(url, e)).id).toBe(e.id);
      }),
      { numRuns: 100 },
    );
    expect(runs).toBeGreaterThanOrEqual(100);
  });

  it("the handler serves the index and descriptors with ETag, 304, HEAD, Vary and the caching of the Go handler", async () => {
    const url = await serveIndex(SAMPLE);
    const r = await get(url);
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("application/json");
    expect(r.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(r.headers.get("Vary")).toBe("Authorization");
    expect(r.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(r.body.endsWith("}\n")).toBe(true);
    expect(Number(r.headers.get("Content-Length"))).toBe(Buffer.byteLength(r.body));
    // A strong ETag: the first 128 bits of the SHA-256 of the body, hex.
    const etag = r.headers.get("ETag") ?? "";
    expect(etag).toBe(`"${createHash("sha256").update(r.body).digest("hex").slice(0, 32)}"`);
    expect(JSON.parse(r.body).skills.map((e: { id: string }) => e.id)).toEqual(["pub-api", "members", "index"]);
    // Conditional requests.
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const c = await get(url, { headers: { "If-None-Match": inm } });
      expect(c.status, inm).toBe(304);
      expect(c.body).toBe("");
      expect(c.headers.get("ETag")).toBe(etag);
      expect(c.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(c.headers.get("Vary")).toBe("Authorization");
    }
    for (const inm of ['"other"', 'W/"nope", "x"', "garbage", `${etag.slice(0, -2)}"`]) {
      expect((await get(url, { headers: { "If-None-Match": inm } })).status, inm).toBe(200);
    }
    // HEAD: the headers of GET, no body.
    const head = await get(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers.get("ETag")).toBe(etag);
    expect(Number(head.headers.get("Content-Length"))).toBe(Buffer.byteLength(r.body));
    // Not found: unknown skills, private skills, other paths; the method check reveals nothing either.
    for (const p of [descriptorPath("nope"), descriptorPath("secret"), descriptorPath("internal"), "/", "/.well-known/skills/", "/.well-known/skills/pub-api.json", WELL_KNOWN_INDEX_PATH + "/", "/%zz"]) {
      const n = await get(origin + p);
      expect(n.status, p).toBe(404);
      expect(n.headers.get("Cache-Control")).toBe("no-store");
      expect(n.headers.get("Vary")).toBe("Authorization");
      expect(n.headers.get("Content-Type")).toBe("application/json");
      expect(JSON.parse(n.body)).toEqual({ error: "not found" });
      expect((await get(origin + p, { method: "POST" })).status, `POST ${p}`).toBe(404);
    }
    // Other methods on a visible path: 405 with Allow.
    for (const m of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      for (const p of [WELL_KNOWN_INDEX_PATH, descriptorPath("pub-api"), descriptorPath("members")]) {
        const n = await get(origin + p, { method: m });
        expect(n.status, `${m} ${p}`).toBe(405);
        expect(n.headers.get("Allow")).toBe("GET, HEAD");
        expect(n.headers.get("Vary")).toBe("Authorization");
        expect(n.headers.get("Cache-Control")).toBe("no-store");
      }
    }
    // A restricted descriptor is listed, so it resolves for everybody; the path is decoded.
    const restricted = await get(origin + descriptorPath("members"));
    expect(restricted.status).toBe(200);
    expect(restricted.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect((await get(origin + "/.well-known/skills/descriptors/%70ub-api.json")).status).toBe(200);
  });

  it("the authenticated view, private descriptors and the handler options", async () => {
    const url = await serveIndex(SAMPLE, { authenticated: authHook, maxAge: -1, vary: ["Authorization", "Cookie"] });
    const anon = await get(url);
    const auth = await get(url, { headers: { Authorization: SECRET } });
    expect(anon.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(anon.headers.get("Vary")).toBe("Authorization, Cookie");
    expect(auth.status).toBe(200);
    expect(auth.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(auth.headers.get("Vary")).toBe("Authorization, Cookie");
    expect(anon.headers.get("ETag")).not.toBe(auth.headers.get("ETag"));
    expect(JSON.parse(auth.body).skills.map((e: { id: string }) => e.id)).toEqual(SAMPLE.map((d) => d.id));
    // The anonymous ETag does not validate the authenticated view.
    expect((await get(url, { headers: { Authorization: SECRET, "If-None-Match": anon.headers.get("ETag") ?? "" } })).status).toBe(200);
    for (const d of SAMPLE) {
      const r = await get(origin + descriptorPath(d.id), { headers: { Authorization: SECRET } });
      expect(r.status).toBe(200);
      expect(r.headers.get("Cache-Control")).toBe(d.access === "private" ? "private, no-cache" : "public, no-cache");
    }
    expect((await get(origin + descriptorPath("secret"), { headers: { Authorization: "Bearer wrong" } })).status).toBe(404);
    // Without a hook nobody is authenticated; max-age is configurable.
    const plain = await serveIndex(SAMPLE, { maxAge: 60 });
    const p = await get(plain, { headers: { Authorization: SECRET } });
    expect(p.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(JSON.parse(p.body).skills.map((e: { id: string }) => e.id)).not.toContain("secret");
    // No Vary when the hook reads no header.
    const novary = await serveIndex(SAMPLE, { vary: [] });
    expect((await get(novary)).headers.get("Vary")).toBeNull();
    // Duplicates are refused when the handler is built.
    expect(await rejection(newIndexHandler([example("a", "private"), example("a", "public")]))).toBeInstanceOf(Error);
  });

  it("the consumer checks status, version, validity, ids and size like the Go consumer", async () => {
    const url = await serveIndex(SAMPLE);
    const consumer = new Consumer();
    const notFound = await rejection(consumer.fetchIndex(origin + "/nothing-here"));
    expect(notFound).toBeInstanceOf(FetchError);
    expect((notFound as FetchError).status).toBe(404);
    expect((notFound as Error).message).toContain("404");
    const mismatch = await rejection(consumer.fetchDescriptor(url, { id: "pub-api", descriptor_url: descriptorPath("members") }));
    expect(mismatch).toBeInstanceOf(DescriptorMismatchError);
    // A consumer of another major rejects the index and the descriptors.
    const v2 = new Consumer({ protocol: "2.0.0" });
    const e1 = await rejection(v2.fetchIndex(url));
    expect(e1).toBeInstanceOf(VersionIncompatibleError);
    expect((e1 as VersionIncompatibleError).consumer.major).toBe(2n);
    expect(await rejection(v2.fetchDescriptor(url, { id: "pub-api", descriptor_url: descriptorPath("pub-api") }))).toBeInstanceOf(VersionIncompatibleError);

    // The version is checked before the rest of the document: a 2.x document that the 1.x schema
    // rejects is incompatible, not invalid.
    let accept = "";
    let sentAuth = "";
    route = (req, res) => {
      accept = String(req.headers["accept"]);
      sentAuth = String(req.headers["authorization"]);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"protocol":{"version":"2.3.0"},"id":"pub-api","brand_new_required_member":{}}');
    };
    const future = await rejection(new Consumer({ headers: { Authorization: SECRET, Accept: "text/html" } }).fetchDescriptor(origin + WELL_KNOWN_INDEX_PATH, { id: "pub-api", descriptor_url: "/d.json" }));
    expect(future).toBeInstanceOf(VersionIncompatibleError);
    expect((future as VersionIncompatibleError).descriptor.toString()).toBe("2.3.0");
    expect(accept).toBe("application/json");
    expect(sentAuth).toBe(SECRET);
    expect(await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH))).toBeInstanceOf(VersionIncompatibleError);

    // A document of this major that fails validation.
    route = (_req, res) => void res.writeHead(200).end('{"protocol":{"version":"1.0.0"},"skills":[{"id":"Not An Id"}]}');
    const invalid = await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH));
    expect(invalid).toBeInstanceOf(InvalidDocumentError);
    expect((invalid as InvalidDocumentError).errors.map((e) => e.pointer)).toContain("/skills/0/id");
    route = (_req, res) => void res.writeHead(200).end("not json");
    expect(await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH))).toBeInstanceOf(InvalidDocumentError);

    // A body above 16 MiB is refused, whether or not its length is declared.
    const big = " ".repeat(16 << 20) + "{}";
    route = (_req, res) => void res.writeHead(200, { "Content-Length": String(big.length) }).end(big);
    const tooBig = await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH));
    expect(tooBig).toBeInstanceOf(FetchError);
    expect((tooBig as Error).message).toContain("larger than");
    route = (_req, res) => {
      res.writeHead(200);
      res.write(" ".repeat(8 << 20));
      res.write(" ".repeat(8 << 20));
      res.end("{}");
    };
    expect(((await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH))) as Error).message).toContain("larger than");
    route = (_req, res) => void res.writeHead(200).end(Buffer.from([0x7b, 0xff, 0x7d]));
    expect(((await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH))) as Error).message).toContain("UTF-8");
  });

  it("the consumer refuses a body that starts with a UTF-8 byte order mark, as the Go consumer does (TestConsumerRefusesByteOrderMark)", async () => {
    // The same bytes as the Go test: a valid index, then the index after EF BB BF.
    const index = '{"protocol":{"version":"1.0.0"},"skills":[]}';
    const consumer = new Consumer();
    route = (_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(Buffer.from(index));
    expect((await consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH)).skills).toEqual([]);
    route = (_req, res) => void res.writeHead(200, { "Content-Type": "application/json" }).end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(index)]));
    const bom = await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH));
    expect(bom).toBeInstanceOf(InvalidDocumentError);
    expect((bom as InvalidDocumentError).errors.map((e) => [e.pointer, e.keyword])).toEqual([["", "json"]]);
  });

  it("every fetch has a deadline and can be cancelled with an AbortSignal", async () => {
    // A server that sends the headers and then stalls, and one that never answers.
    const stalled: ServerResponse[] = [];
    route = (_req, res) => {
      res.writeHead(200);
      res.write("{");
      stalled.push(res);
    };
    const consumer = new Consumer({ timeoutMs: 200 });
    const slowBody = await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH));
    expect(slowBody).toBeInstanceOf(FetchError);
    expect((slowBody as Error).message).toContain("deadline of 200 ms exceeded");
    route = (_req, res) => void stalled.push(res);
    const silent = await rejection(consumer.fetchIndex(origin + WELL_KNOWN_INDEX_PATH));
    expect((silent as Error).message).toContain("deadline");
    // The caller's signal, before and during the fetch.
    const patient = new Consumer({ timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = rejection(patient.fetchIndex(origin + WELL_KNOWN_INDEX_PATH, { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("user went away")), 50);
    const aborted = await pending;
    expect(aborted).toBeInstanceOf(FetchError);
    expect((aborted as Error).message).toContain("aborted");
    expect(((aborted as Error).cause as Error).message).toBe("user went away");
    const already = AbortSignal.abort();
    expect(((await rejection(patient.fetchIndex(origin + WELL_KNOWN_INDEX_PATH, { signal: already }))) as Error).message).toContain("aborted");
    for (const res of stalled) res.destroy();
    expect(() => new Consumer({ timeoutMs: 0 })).toThrow();
    expect(() => new Consumer({ protocol: "1.x" })).toThrow();
  });

  it("indexURL and resolveDescriptorURL", () => {
    expect(indexURL("https://skills.example.com/some/path?q=1#f")).toBe("https://skills.example.com/.well-known/skills/index.json");
    expect(indexURL("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/.well-known/skills/index.json");
    for (const bad of ["skills.example.com", "ftp://example.com", "/relative", ""]) expect(() => indexURL(bad), bad).toThrow();
    const base = "https://p.example/.well-known/skills/index.json";
    expect(resolveDescriptorURL(base, { id: "a", descriptor_url: "descriptors/a.json" })).toBe("https://p.example/.well-known/skills/descriptors/a.json");
    expect(resolveDescriptorURL(base, { id: "a", descriptor_url: descriptorPath("a") })).toBe("https://p.example/.well-known/skills/descriptors/a.json");
    expect(resolveDescriptorURL(base, { id: "a", descriptor_url: "https://cdn.example/x.json" })).toBe("https://cdn.example/x.json");
  });
});
