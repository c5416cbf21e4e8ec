import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemClock } from "../src/clock.ts";
import { loadLocalTsa } from "../src/timestamps/local-tsa.ts";

// A Time Stamping Authority on loopback, as a real one answers (RFC 3161 §3.4): HTTP Basic, the request's DER
// in, the reply's out, signed by a local TSA of its own (timestamps/local-tsa.ts) in a folder it removes when
// closed. The tests of the real-TSA adapter use it, and the rehearsal's doubles (scripts/rehearsal/). `mode`
// makes it misbehave: refuse the credentials, answer a web page, replay its first reply to every later
// request, or never answer.

export type TsaFakeMode = "answer" | "unauthorized" | "html" | "replay" | "silent";

export interface TsaFake {
  url: string;
  credentials: { username: string; password: string };
  /** Its chain up to its root: the PEM for TSA_CA_CERTS. */
  caCertificates: string;
  state: { mode: TsaFakeMode; seen: IncomingHttpHeaders[] };
  close(): Promise<void>;
}

export async function startTsaFake(
  port = 0,
  credentials = { username: "argine", password: "tsa-fake-password" },
): Promise<TsaFake> {
  const dir = mkdtempSync(join(tmpdir(), "argine-tsa-fake-"));
  const local = await loadLocalTsa(join(dir, "tsa"), systemClock);
  const state: TsaFake["state"] = { mode: "answer", seen: [] };
  let first: Buffer | undefined;
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const server = createServer(async (request, response) => {
    state.seen.push(request.headers);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (state.mode === "silent") return;
    if (state.mode === "unauthorized" || request.headers.authorization !== expected) {
      response.writeHead(401, { "www-authenticate": 'Basic realm="tsa"' }).end();
      return;
    }
    if (state.mode === "html") {
      response.writeHead(200, { "content-type": "text/html" }).end("<h1>Manutenzione</h1>");
      return;
    }
    const reply = await local.respond(Buffer.concat(chunks));
    first ??= reply;
    response
      .writeHead(200, { "content-type": "application/timestamp-reply" })
      .end(state.mode === "replay" ? first : reply);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`,
    credentials,
    caCertificates: await local.authority.chain(),
    state,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
