import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of a dependency (PostgreSQL, Redis, SMTP, S3…) that a test or a fault script can cut:
 * the dependency's outage without stopping the shared server the other tests use.
 * - `up`: bytes pass both ways.
 * - `refuse`: every connection is ended at once, open ones too (a server stopped: ECONNRESET / refused).
 * - `hang`: connections are accepted and open ones kept, but no byte passes (a network partition, a server
 *   that stopped answering): only the client's own timeouts end a call. Back `up`, the bytes held pass
 *   again, as a partition's end lets TCP deliver them: what the client did not give up on goes on.
 */
export type FaultMode = "up" | "refuse" | "hang";

export interface FaultProxy {
  /** `host:port` of the proxy, to put in the client's URL instead of the dependency's. */
  readonly port: number;
  /** The dependency's URL with its host and port replaced by the proxy's. */
  url(target: string): string;
  set(mode: FaultMode): void;
  readonly mode: FaultMode;
  close(): Promise<void>;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  let mode: FaultMode = "up";
  const pairs = new Set<[Socket, Socket | null]>();

  const server: Server = createServer((client) => {
    client.on("error", () => {});
    if (mode === "refuse") return void client.destroy();
    const pair: [Socket, Socket | null] = [client, null];
    pairs.add(pair);
    client.on("close", () => {
      pairs.delete(pair);
      pair[1]?.destroy();
    });
    if (mode === "hang") return;
    forward(pair);
  });
  /** The pair's bytes flowing both ways, its upstream connection made if it has none yet. */
  const forward = (pair: [Socket, Socket | null]) => {
    const [client] = pair;
    let upstream = pair[1];
    if (!upstream) {
      upstream = connect(targetPort, targetHost);
      pair[1] = upstream;
      upstream.on("error", () => client.destroy());
      upstream.on("close", () => client.destroy());
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
    upstream.resume();
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("fault proxy: no port");

  return {
    port: address.port,
    url(target) {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(address.port);
      return url.href;
    },
    get mode() {
      return mode;
    },
    set(next) {
      const was = mode;
      mode = next;
      if (next === "up") {
        if (was === "hang") for (const pair of pairs) if (!pair[0].destroyed) forward(pair);
        return;
      }
      for (const pair of pairs) {
        const [client, upstream] = pair;
        if (next === "refuse") {
          client.destroy();
          upstream?.destroy();
        } else {
          // Hang: nothing more passes; the sockets stay open until their owner gives up.
          client.unpipe();
          upstream?.unpipe();
          client.pause();
          upstream?.pause();
        }
      }
    },
    close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream?.destroy();
      }
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
