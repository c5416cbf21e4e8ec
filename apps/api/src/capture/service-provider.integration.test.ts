import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError } from "@argine/core/errors/app-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceCaptureProvider } from "./service-provider.ts";

// The real capture service's provider (ADR 021) against a loopback server answering its calls as the
// service would: each call's method, path, key and body, and what a failing service becomes (503).

const KEY = "chiave-di-prova-0123456789";
const REPORT = Buffer.from("%PDF-1.7 rapporto");

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
}

describe("the capture service provider", () => {
  const seen: Seen[] = [];
  let server: Server;
  let base = "";
  const state = { state: "VM_PREPARING", step: null as string | null };

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await bodyOf(req);
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        authorization: req.headers.authorization,
        body,
      });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Bearer ${KEY}`) return send(401, { error: "unauthorized" });
      const route = `${req.method} ${req.url}`;
      if (route === "POST /sessions") return send(201, { id: "ses 1", ...state });
      if (route === "GET /sessions/ses%201") return send(200, { id: "ses 1", ...state });
      if (route === "PUT /sessions/ses%201/step") {
        state.step = (body as { step: string }).step;
        return send(200, { id: "ses 1", ...state });
      }
      if (route === "POST /sessions/ses%201/stop") {
        state.state = "CLOSING";
        return send(200, { id: "ses 1", ...state });
      }
      if (route === "GET /sessions/ses%201/files")
        return send(200, {
          files: [{ name: "report.pdf", contentType: "application/pdf", size: 10, sha256: "ab".repeat(32) }],
        });
      if (route === "GET /sessions/ses%201/files/report.pdf")
        return res.writeHead(200, { "content-type": "application/pdf" }).end(REPORT);
      if (route === "GET /sessions/broken") return send(200, { unexpected: true });
      return send(500, { error: "down" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("starts, reads, steps, stops a session and lists and downloads its files, with its key", async () => {
    const provider = createServiceCaptureProvider({ name: "Capture", apiUrl: base, apiKey: KEY });
    expect(await provider.start({ url: "https://example.org/a", reference: "r-1" })).toEqual({
      id: "ses 1",
      state: "VM_PREPARING",
      step: null,
    });
    expect(await provider.setStep("ses 1", "NAVIGA")).toMatchObject({ step: "NAVIGA" });
    expect(await provider.stop("ses 1")).toMatchObject({ state: "CLOSING" });
    expect(await provider.get("ses 1")).toMatchObject({ state: "CLOSING", step: "NAVIGA" });
    expect(await provider.listFiles("ses 1")).toEqual([
      { name: "report.pdf", contentType: "application/pdf", size: 10, sha256: "ab".repeat(32) },
    ]);
    expect(Buffer.from(await provider.download("ses 1", "report.pdf"))).toEqual(REPORT);
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /sessions",
      "PUT /sessions/ses%201/step",
      "POST /sessions/ses%201/stop",
      "GET /sessions/ses%201",
      "GET /sessions/ses%201/files",
      "GET /sessions/ses%201/files/report.pdf",
    ]);
    expect(seen.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(seen[0]?.body).toEqual({ url: "https://example.org/a", reference: "r-1" });
  });

  it("answers 503 for a refused key, a failing service, an unexpected answer and no service at all", async () => {
    const unavailable = expect.objectContaining({ code: "SERVICE_UNAVAILABLE" }) as AppError;
    const wrongKey = createServiceCaptureProvider({
      name: "Capture",
      apiUrl: base,
      apiKey: "altra-chiave-0123456789",
    });
    await expect(wrongKey.get("ses 1")).rejects.toEqual(unavailable);
    const provider = createServiceCaptureProvider({ name: "Capture", apiUrl: base, apiKey: KEY });
    await expect(provider.get("nessuna")).rejects.toEqual(unavailable);
    await expect(provider.get("broken")).rejects.toEqual(unavailable);
    await expect(provider.download("ses 1", "manca.pdf")).rejects.toEqual(unavailable);
    const gone = createServiceCaptureProvider({ name: "Capture", apiUrl: "http://127.0.0.1:9", apiKey: KEY });
    await expect(gone.get("ses 1")).rejects.toBeInstanceOf(AppError);
  });
});
