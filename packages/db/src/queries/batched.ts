import { setImmediate } from "node:timers";

/**
 * Calls made during one turn of the event loop, sent to the database as one statement when the turn ends: the
 * requests a process reads in one go (ten connections' worth under load) share one round trip instead of
 * queueing for ten (docs/performance.md). A call joins only a statement not yet sent, so what it reads is
 * never older than the call: a grant revoked before a request arrived is seen revoked by that request.
 * `run` answers each key in the order given; its failure is each caller's. At most `max` keys a statement.
 */
export function perTurn<K, V>(
  run: (keys: readonly K[]) => Promise<readonly V[]>,
  max = 100,
): (key: K) => Promise<V> {
  let pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];
  const send = (part: typeof pending) => {
    run(part.map((call) => call.key)).then(
      (values) => {
        for (const [i, call] of part.entries()) call.resolve(values[i] as V);
      },
      (error: unknown) => {
        for (const call of part) call.reject(error);
      },
    );
  };
  const flush = () => {
    const calls = pending;
    pending = [];
    for (let i = 0; i < calls.length; i += max) send(calls.slice(i, i + max));
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ key, resolve, reject });
    });
}
