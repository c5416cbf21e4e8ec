/**
 * Whether an error says the database cannot be reached right now (stopped, restarting, failing over, out of
 * connections, a network fault), as opposed to a query it refused. The first is the service being
 * unavailable (503, retried later), never the caller's fault nor a bug. drizzle wraps the driver's error in
 * its own (`cause`), so the whole chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// The socket's own errors, as node-postgres passes them on.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATE: class 08 (connection exception), 53300 too many connections, 57014 a statement cancelled (its
// statement_timeout, client.ts), 57P01-57P03 the server shutting down, crashed or still starting.
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|53300|57014|57P0[123])$/;

// What node-postgres and its pool say without a code: a connection ended under a query, a connection not
// made in time, a query without an answer in time (query_timeout, client.ts) and its dropped connection's
// next query, a pool already ended (a process stopping).
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client was closed and is not queryable|Client has encountered a connection error|Cannot use a pool after calling end)/;
