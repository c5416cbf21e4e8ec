import { ProductListSchema } from "@argine/core/catalogue/product";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, testConfig } from "../test/helpers.ts";
import { buildApp } from "./app.ts";

describe.each(testDbKinds())("API on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    t.app.get("/v1/test-boom", async () => {
      throw new Error("secret internals at /srv/app.ts:42");
    });
  });
  afterAll(() => t.close());

  it("GET /v1/products returns the seeded catalogue, sorted, with numbers for prices", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/products" });
    expect(res.statusCode).toBe(200);
    const products = ProductListSchema.parse(res.json());
    expect(products.map((p) => p.code)).toEqual([
      "FEEDBACK",
      "LEGALIZATION",
      "TAKEDOWN",
      "INJUCTION",
      "ADVICE",
      "DEFENCE",
      "COMPENSATION",
      "PACKAGE",
    ]);
    const bundle = products.find((p) => p.code === "PACKAGE");
    expect(bundle).toMatchObject({ price: 447, discountedPrice: 379, vatRate: 22 });
    expect(products.find((p) => p.code === "FEEDBACK")?.price).toBe(0);
  });

  it("sends a phone's share that reached the server before its service worker to the new episode's page", async () => {
    const boundary = "----condiviso";
    const res = await t.app.inject({
      method: "POST",
      url: "/dashboard/diary/condividi",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/dashboard/diary/nuovo?condiviso=1");
  });

  it("answers an unknown /v1 path with 404 in the error body shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/does-not-exist" });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toEqual({
      code: "NOT_FOUND",
      message: "La risorsa richiesta non esiste.",
      requestId: expect.any(String),
    });
    expect(res.headers["x-request-id"]).toBe(body.requestId);
  });

  it("answers a malformed JSON body with 400, an Italian message and no stack", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v1/products",
      headers: { "content-type": "application/json" },
      payload: '{"code": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "BAD_REQUEST",
      message: "Il contenuto inviato non è un JSON valido.",
      requestId: expect.any(String),
    });
    expect(res.body).not.toMatch(/at |stack|\.ts/);
  });

  it("never leaks internals on a server error", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v1/test-boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: "UNKNOWN",
      message: "Errore del server",
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain("secret");
  });

  it("sends a strict CSP without unsafe-inline, allowing the build's inline scripts by hash", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    // Only the page's own scripts: the assets allow none, and a JSON answer may load nothing (ADR 047).
    const asset = String(
      (await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" })).headers[
        "content-security-policy"
      ],
    );
    expect(asset).toContain("script-src 'self';");
    const api = String(
      (await t.app.inject({ method: "GET", url: "/v1/products" })).headers["content-security-policy"],
    );
    expect(api).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it("allows only allow-listed origins for CORS", async () => {
    const allowed = await t.app.inject({
      method: "GET",
      url: "/v1/products",
      headers: { origin: "http://localhost:3000" },
    });
    expect(allowed.headers["access-control-allow-origin"]).toBe("http://localhost:3000");
    const denied = await t.app.inject({
      method: "GET",
      url: "/v1/products",
      headers: { origin: "https://evil.example" },
    });
    expect(denied.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("publishes the OpenAPI document and a browsable reference", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/v1/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths["/v1/products"].get).toBeDefined();
    const ui = await t.app.inject({ method: "GET", url: "/v1/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("reports liveness and readiness, and readiness fails at once when shutdown begins", async () => {
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    t.readiness.ready = false;
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    t.readiness.ready = true;
  });
});

describe("serving the web build", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("pglite");
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("serves prerendered pages by folder index, with no-cache", async () => {
    const home = await get("/");
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("Home");
    expect(home.headers["cache-control"]).toBe("no-cache");
    for (const url of ["/whoweare", "/whoweare/"]) {
      const page = await get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Chi siamo");
    }
  });

  it("answers client-only paths with the app shell", async () => {
    for (const url of [
      "/dashboard",
      "/dashboard/anything",
      "/account/login?error=x",
      "/callback",
      "/logout",
      "/newsletter/confirm?token=x",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("App shell");
    }
  });

  it("answers unknown public paths with the 404 page and status 404", async () => {
    for (const url of [
      "/no-such-page",
      "/education/nothing",
      "/assets/missing.js",
      "/../etc/passwd",
      "/%2e%2e/x",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain("Pagina non trovata");
    }
  });

  it("answers the spec's other spellings with a permanent redirect to the canonical page", async () => {
    for (const [from, to] of [
      ["/education/hateSpeech", "/education/hate-speech"],
      ["/education/revengePorn", "/education/revenge-porn"],
      ["/services/formalNotice?utm_source=x", "/services/formal-notice?utm_source=x"],
    ]) {
      const res = await get(from as string);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
  });

  it("caches hashed assets for a year, immutable", async () => {
    const res = await get("/assets/app-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not serve pages for other methods", async () => {
    const res = await t.app.inject({ method: "POST", url: "/whoweare" });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("NOT_FOUND");
  });
});

describe("shutdown", () => {
  it("lets an in-flight request finish when the app closes", async () => {
    const t = await startTestApp("pglite");
    t.app.get("/v1/test-slow", async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const pending = fetch(`${address}/v1/test-slow`);
    await new Promise((r) => setTimeout(r, 50));
    await t.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
  });
});

describe("the CSP of the adapters' browser sides", () => {
  it("allows exactly the origins an adapter declares, and frames from nowhere without one", async () => {
    const handle = await openTestDb("pglite");
    // What a payments adapter will declare: Stripe.js and its 3-D Secure frames.
    const stripe = {
      scriptSrc: ["https://js.stripe.com"],
      frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
    };
    const withPayments = await buildApp({ config: testConfig(), handle, adapters: { csp: [stripe] } });
    const bare = await buildApp({ config: testConfig(), handle });
    try {
      const csp = async (app: typeof bare) =>
        String(
          (await app.inject({ method: "GET", url: "/assets/app-abc123.js" })).headers[
            "content-security-policy"
          ],
        );
      const paying = await csp(withPayments);
      expect(paying).toContain("script-src 'self' https://js.stripe.com;");
      expect(paying).toContain("frame-src https://js.stripe.com https://hooks.stripe.com;");
      expect(paying).toContain("connect-src 'self';");
      const plain = await csp(bare);
      expect(plain).toContain("script-src 'self';");
      expect(plain).toContain("frame-src 'none';");
    } finally {
      await withPayments.close();
      await bare.close();
      await handle.close();
    }
  });
});
