import { createConnection, createServer, type Server, type Socket } from "node:net";
import { E2E_PORT } from "./server.ts";

// The servers limit their public calls (registration, questionnaire, demo mailbox…) per client address, the
// socket's (TRUST_PROXY unset), as they do for people. The journeys run side by side, one browser a worker:
// each worker reaches the servers through a SOCKS5 proxy of its own (playwright.config.ts) that connects from
// a loopback address of its own, 127.0.0.2 for the first, so each worker is one client, as two people are,
// and never spends another worker's allowance. Started with the servers (start-servers.ts).

/** More than the workers a machine runs; the parallel index wraps around past it. */
export const CLIENT_ADDRESSES = 16;

/** The proxy a worker's browser goes through, by the worker's parallel index. */
export function clientProxy(parallelIndex: number): string {
  return `socks5://127.0.0.1:${proxyPort(parallelIndex % CLIENT_ADDRESSES)}`;
}

const proxyPort = (index: number) => E2E_PORT + 10 + index;
const clientAddress = (index: number) => `127.0.0.${index + 2}`;

const SOCKS_VERSION = 5;
const NO_AUTHENTICATION = 0;
const CONNECT = 1;
const [IPV4, DOMAIN, IPV6] = [1, 3, 4];
const [SUCCEEDED, GENERAL_FAILURE, COMMAND_NOT_SUPPORTED] = [0, 1, 7];

const reply = (status: number) => Buffer.from([SOCKS_VERSION, status, 0, IPV4, 0, 0, 0, 0, 0, 0]);

/** The CONNECT request's target, once its bytes are in (null: not yet), or an error for a request it is not. */
function parseRequest(data: Buffer): { host: string; port: number; length: number } | null | Error {
  if (data.length < 5) return null;
  if (data[0] !== SOCKS_VERSION || data[1] !== CONNECT) return new Error("not a CONNECT");
  const type = data[3];
  const [start, size] =
    type === IPV4 ? [4, 4] : type === IPV6 ? [4, 16] : type === DOMAIN ? [5, data[4] ?? 0] : [0, -1];
  if (size < 0) return new Error("unknown address type");
  const end = start + size;
  if (data.length < end + 2) return null;
  const raw = data.subarray(start, end);
  const host =
    type === IPV4
      ? [...raw].join(".")
      : type === IPV6
        ? (raw.toString("hex").match(/.{4}/g) ?? []).join(":")
        : raw.toString("latin1");
  return { host, port: data.readUInt16BE(end), length: end + 2 };
}

/** One proxy: the greeting (no authentication), one CONNECT, then the bytes both ways. */
function serve(client: Socket, localAddress: string) {
  let buffered = Buffer.alloc(0);
  let greeted = false;
  client.on("error", () => client.destroy());
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    if (!greeted) {
      const methods = buffered[1];
      if (buffered.length < 2 || methods === undefined || buffered.length < 2 + methods) return;
      if (buffered[0] !== SOCKS_VERSION) return void client.destroy();
      buffered = buffered.subarray(2 + methods);
      greeted = true;
      client.write(Buffer.from([SOCKS_VERSION, NO_AUTHENTICATION]));
    }
    const request = parseRequest(buffered);
    if (request === null) return;
    client.off("data", onData);
    if (request instanceof Error) return void client.end(reply(COMMAND_NOT_SUPPORTED));
    const rest = buffered.subarray(request.length);
    // Only the loopback servers are ours to reach from the worker's address; anything else from loopback.
    const loopback = /^127\./.test(request.host) || request.host === "localhost";
    const upstream = createConnection({
      host: request.host,
      port: request.port,
      ...(loopback ? { localAddress } : {}),
    });
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      client.write(reply(SUCCEEDED));
      if (rest.length) upstream.write(rest);
      client.pipe(upstream).pipe(client);
    });
    upstream.on("error", () => {
      if (!connected) client.end(reply(GENERAL_FAILURE));
      else client.destroy();
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };
  client.on("data", onData);
}

/** Every worker's proxy, listening. */
export async function startClientProxies(): Promise<Server[]> {
  const servers: Server[] = [];
  for (let index = 0; index < CLIENT_ADDRESSES; index++) servers.push(await listen(index));
  return servers;
}

function listen(index: number): Promise<Server> {
  const server = createServer((client) => serve(client, clientAddress(index)));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(proxyPort(index), "127.0.0.1", () => resolve(server));
  });
}
