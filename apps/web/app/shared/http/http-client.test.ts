import { MESSAGES } from "@argine/core/shared/messages";
import { describe, expect, it, vi } from "vitest";
import { buildUrl, createHttpClient } from "./http-client.ts";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The page nginx answers with when no process serves the call (its own error page, as Debian ships it). */
function nginxPage(status: number, reason: string): Response {
  const title = `${status} ${reason}`;
  const html = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return new Response(html, { status, headers: { "Content-Type": "text/html" } });
}

/** What the user reads when the API did not answer (ADR 041). */
const UNAVAILABLE = { code: "SERVICE_UNAVAILABLE", message: MESSAGES.serviceUnavailable };

function clientWith(response: () => Response | Error, extra: Parameters<typeof createHttpClient>[0] = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const answer = response();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { client: createHttpClient({ baseUrl: "https://api.test", fetch: fetchMock, ...extra }), fetchMock };
}

function lastInit(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  if (!call?.[1]) throw new Error("fetch was not called with an init");
  return call[1];
}

describe("http client (spec §8)", () => {
  it("resolves the JSON body of a 2xx answer", async () => {
    const { client, fetchMock } = clientWith(() => jsonResponse(200, { id: "p1", total: 2 }));
    await expect(client.get("/v1/practices/p1")).resolves.toEqual({ id: "p1", total: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("https://api.test/v1/practices/p1");
    const init = lastInit(fetchMock);
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("same-origin");
    expect(new Headers(init.headers).get("Accept")).toBe("application/json");
  });

  it("resolves any status from 200 to 299 (201 with a body)", async () => {
    const { client } = clientWith(() => jsonResponse(201, { order: { id: "o1" } }));
    await expect(client.post("/v1/orders", { practiceId: "p1" })).resolves.toEqual({ order: { id: "o1" } });
  });

  it("resolves null for 204 No Content", async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    await expect(client.delete("/v1/services/s1/upload", { fileName: "a.pdf" })).resolves.toBeNull();
  });

  it("hands a file answer over as a Blob when asked, and its JSON error as an error", async () => {
    const csv = "Tipo;Numero\r\nFattura;2026/1\r\n";
    const { client } = clientWith(
      () => new Response(csv, { status: 200, headers: { "Content-Type": "text/csv" } }),
    );
    const file = await client.get<Blob>("/v1/admin/accounts/export.csv", { responseType: "blob" });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe(csv);

    const refused = clientWith(() =>
      jsonResponse(403, { code: "FORBIDDEN", message: "Non hai i permessi." }),
    );
    await expect(
      refused.client.get("/v1/admin/accounts/export.csv", { responseType: "blob" }),
    ).rejects.toMatchObject({ message: "Non hai i permessi." });
  });

  it("sends a JSON body with a JSON content type", async () => {
    const { client, fetchMock } = clientWith(() => jsonResponse(200, {}));
    await client.patch("/v1/practices/p1/status", { status: "CLOSED" });
    const init = lastInit(fetchMock);
    expect(init.method).toBe("PATCH");
    expect(init.body).toBe('{"status":"CLOSED"}');
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends FormData as is, letting the browser set the content type", async () => {
    const { client, fetchMock } = clientWith(() => jsonResponse(200, {}));
    const form = new FormData();
    form.append("file", new Blob(["%PDF"], { type: "application/pdf" }), "a.pdf");
    await client.post("/v1/upload", form);
    const init = lastInit(fetchMock);
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has("Content-Type")).toBe(false);
  });

  it("serialises query parameters and skips empty ones", () => {
    expect(buildUrl("", "/v1/campaigns", { amount: 12.5, empty: undefined, none: null })).toBe(
      "/v1/campaigns?amount=12.5",
    );
    expect(buildUrl("https://api.test/", "v1/orders/invoice", { token: "a b" })).toBe(
      "https://api.test/v1/orders/invoice?token=a+b",
    );
  });

  it("defaults to the page's own origin", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(200, []));
    await createHttpClient({ fetch: fetchMock }).get("/v1/products");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/v1/products");
  });

  it("rejects with the server's JSON error body", async () => {
    const body = { code: "NOT_FOUND", message: "La risorsa richiesta non esiste.", requestId: "req-1" };
    const { client } = clientWith(() => jsonResponse(404, body));
    await expect(client.get("/v1/practices/x")).rejects.toEqual(body);
  });

  it("rejects a 300 answer too: only 200–299 is success", async () => {
    const { client } = clientWith(() => jsonResponse(300, { message: "Scelte multiple" }));
    await expect(client.get("/v1/products")).rejects.toEqual({ message: "Scelte multiple" });
  });

  it("rejects with 'Server Error {status} !' when the error body is not JSON", async () => {
    const { client } = clientWith(() => nginxPage(500, "Internal Server Error"));
    await expect(client.get("/v1/products")).rejects.toEqual({ message: "Server Error 500 !" });
  });

  it("rejects with 'Server Error {status} !' when the error body is empty", async () => {
    const { client } = clientWith(() => new Response(null, { status: 500 }));
    await expect(client.get("/v1/products")).rejects.toEqual({ message: "Server Error 500 !" });
  });

  it("says the service is unavailable, in Italian, when the proxy answers 502 with its HTML page", async () => {
    const { client } = clientWith(() => nginxPage(502, "Bad Gateway"));
    await expect(client.post("/v1/practices/p1/comments", { comment: "Ciao" })).rejects.toEqual(UNAVAILABLE);
  });

  it("says the same of the proxy's 504 Gateway Timeout and 503 pages", async () => {
    const timeout = clientWith(() => nginxPage(504, "Gateway Time-out"));
    await expect(timeout.client.get("/v1/products")).rejects.toEqual(UNAVAILABLE);
    const unavailable = clientWith(() => nginxPage(503, "Service Temporarily Unavailable"));
    await expect(unavailable.client.get("/v1/products")).rejects.toEqual(UNAVAILABLE);
  });

  it("says the same of a process still starting, whose 503 is JSON but not the API's error", async () => {
    const { client } = clientWith(() => jsonResponse(503, { status: "starting" }));
    await expect(client.post("/v1/newsletter", { email: "a@b.it" })).rejects.toEqual(UNAVAILABLE);
  });

  it("says the same of a 502 with no body, or a JSON one lacking the API's code and request id", async () => {
    const empty = clientWith(() => new Response(null, { status: 502 }));
    await expect(empty.client.get("/v1/products")).rejects.toEqual(UNAVAILABLE);
    const foreign = clientWith(() => jsonResponse(502, { message: "upstream connect error" }));
    await expect(foreign.client.get("/v1/products")).rejects.toEqual(UNAVAILABLE);
  });

  it("keeps the API's own message on its 503 and 504 error bodies", async () => {
    const body = { code: "SERVICE_UNAVAILABLE", message: "Servizio non disponibile.", requestId: "req-3" };
    const { client } = clientWith(() => jsonResponse(503, body));
    await expect(client.get("/v1/products")).rejects.toEqual(body);
    const late = { code: "UNKNOWN", message: "Errore del server", requestId: "req-4" };
    await expect(clientWith(() => jsonResponse(504, late)).client.get("/v1/products")).rejects.toEqual(late);
  });

  it("says the service is unavailable on a network failure too (a process restarting with no proxy)", async () => {
    const { client } = clientWith(() => new TypeError("Failed to fetch"));
    await expect(client.get("/v1/products")).rejects.toEqual(UNAVAILABLE);
  });

  it("gives an error body without a message the default 'Unknow Error!'", async () => {
    const { client } = clientWith(() => jsonResponse(400, { code: "BAD_REQUEST", requestId: "req-2" }));
    await expect(client.get("/v1/products")).rejects.toEqual({
      code: "BAD_REQUEST",
      requestId: "req-2",
      message: "Unknow Error!",
    });
  });

  it("gives a JSON error body that is not an object the default 'Unknow Error!'", async () => {
    const { client } = clientWith(() => jsonResponse(500, "boom"));
    await expect(client.get("/v1/products")).rejects.toEqual({ message: "Unknow Error!" });
  });

  it("adds the bearer token from the getter hook", async () => {
    const { client, fetchMock } = clientWith(() => jsonResponse(200, {}), {
      getAccessToken: async () => "tok",
    });
    await client.get("/v1/users/me");
    expect(new Headers(lastInit(fetchMock).headers).get("Authorization")).toBe("Bearer tok");
  });

  it("sends no token on public calls (auth: false) or when signed out", async () => {
    const { client, fetchMock } = clientWith(() => jsonResponse(200, {}));
    await client.get("/v1/users/me");
    expect(new Headers(lastInit(fetchMock).headers).has("Authorization")).toBe(false);

    client.setAccessTokenGetter(() => "tok");
    await client.get("/v1/practices/p1/feedback", { auth: false });
    expect(new Headers(lastInit(fetchMock).headers).has("Authorization")).toBe(false);
  });

  it("lets a cancellation through instead of reporting a network failure", async () => {
    const controller = new AbortController();
    const abort = new DOMException("Aborted", "AbortError");
    const fetchMock = vi.fn<typeof fetch>(async () => {
      controller.abort();
      throw abort;
    });
    const client = createHttpClient({ fetch: fetchMock });
    await expect(client.get("/v1/products", { signal: controller.signal })).rejects.toBe(abort);
  });
});
