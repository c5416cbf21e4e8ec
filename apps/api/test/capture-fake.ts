import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A forensic-capture service on loopback, speaking the API of apps/api/src/capture/service-provider.ts, for
// the fault drill (scripts/cluster/fault-drill.ts) and tests: a session is VM_PREPARING, LIVE after
// `liveAfterMs`, CLOSING once stopped (or `closeAfterMs` after its start), CLOSED a moment later with a
// report.pdf. Its clock runs whether anyone asks or not, as a real service's does while we cannot reach it.

export const CAPTURE_FAKE_KEY = "chiave-cattura-finta-0123456789";

interface FakeSession {
  id: string;
  url: string;
  reference: string;
  startedAt: number;
  stoppedAt: number | null;
  step: string | null;
}

export interface CaptureFake {
  url: string;
  readonly sessions: ReadonlyMap<string, FakeSession>;
  close(): Promise<void>;
}

export async function startCaptureFake(
  options: { liveAfterMs?: number; closeAfterMs?: number; closingMs?: number } = {},
): Promise<CaptureFake> {
  const { liveAfterMs = 500, closeAfterMs = 60_000, closingMs = 1_000 } = options;
  const sessions = new Map<string, FakeSession>();
  const stateOf = (s: FakeSession) => {
    const now = Date.now();
    const stopped = s.stoppedAt ?? (now - s.startedAt >= closeAfterMs ? s.startedAt + closeAfterMs : null);
    if (stopped !== null) return now - stopped >= closingMs ? "CLOSED" : "CLOSING";
    return now - s.startedAt >= liveAfterMs ? "LIVE" : "VM_PREPARING";
  };
  const view = (s: FakeSession) => ({ id: s.id, state: stateOf(s), step: s.step });
  const report = (s: FakeSession) => Buffer.from(`%PDF-1.7\n% cattura ${s.id} di ${s.url}\n%%EOF\n`);

  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>) : {};
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${CAPTURE_FAKE_KEY}`)
      return send(401, { error: "unauthorized" });
    const body = await read(req);
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (req.method === "POST" && path === "/sessions") {
      const session: FakeSession = {
        id: `ses_${randomBytes(8).toString("hex")}`,
        url: String(body.url),
        reference: String(body.reference),
        startedAt: Date.now(),
        stoppedAt: null,
        step: null,
      };
      sessions.set(session.id, session);
      return send(201, view(session));
    }
    const match = /^\/sessions\/([^/]+)(\/[a-z]+)?(?:\/([^/]+))?$/.exec(path);
    const session = match && sessions.get(decodeURIComponent(match[1] as string));
    if (!match || !session) return send(404, { error: "not found" });
    const [, , action = "", name] = match;
    const closed = stateOf(session) === "CLOSED";
    if (req.method === "GET" && !action) return send(200, view(session));
    if (req.method === "POST" && action === "/stop") {
      session.stoppedAt ??= Date.now();
      return send(200, view(session));
    }
    if (req.method === "PUT" && action === "/step") {
      session.step = String(body.step);
      return send(200, view(session));
    }
    if (req.method === "GET" && action === "/files" && !name) {
      const bytes = report(session);
      return send(200, {
        files: closed
          ? [
              {
                name: "report.pdf",
                contentType: "application/pdf",
                size: bytes.length,
                sha256: createHash("sha256").update(bytes).digest("hex"),
              },
            ]
          : [],
      });
    }
    if (req.method === "GET" && action === "/files" && name === "report.pdf" && closed)
      return res.writeHead(200, { "content-type": "application/pdf" }).end(report(session));
    return send(404, { error: "not found" });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
