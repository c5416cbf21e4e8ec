import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { harnessCase } from "../../test/contract.ts";
import type { ChatSignal, FanOut } from "./fan-out.ts";

// The one suite every fan-out engine passes (as storage-contract.ts for the storage): each engine's test
// calls it with two fan-outs standing for two API processes (on the embedded engine, the same one twice:
// there is one process) and adds what only that engine does.

export interface FanOutHarness {
  /** The process a message is posted through. */
  here: FanOut;
  /** Another process, whose sockets must hear it. */
  there: FanOut;
  close(): Promise<void>;
}

/** The signals a fan-out hears, and a wait for the first that matches. */
export function heard(fanOut: FanOut) {
  const signals: ChatSignal[] = [];
  const waiting = new Set<() => void>();
  const stop = fanOut.subscribe((signal) => {
    signals.push(signal);
    for (const wake of waiting) wake();
  });
  const next = (match: (signal: ChatSignal) => boolean, ms = 10_000) =>
    new Promise<ChatSignal>((resolve, reject) => {
      const check = () => {
        const found = signals.find(match);
        if (!found) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no matching signal within ${ms} ms; heard ${JSON.stringify(signals)}`));
      }, ms);
      waiting.add(check);
      check();
    });
  return { signals, next, stop };
}

export function fanOutContract(setup: () => Promise<FanOutHarness>): void {
  const withFanOut = harnessCase(setup);

  withFanOut("carries a signal to the other process and to this one", async ({ here, there }) => {
    const far = heard(there);
    const near = heard(here);
    const signal: ChatSignal = {
      conversation: { practiceId: randomUUID() },
      kind: "message",
      ref: randomUUID(),
    };
    await here.publish(signal);
    expect(await far.next((s) => s.ref === signal.ref)).toEqual(signal);
    expect(await near.next((s) => s.ref === signal.ref)).toEqual(signal);
  });

  withFanOut("keeps the order of one process's signals", async ({ here, there }) => {
    const far = heard(there);
    const conversation = { supportThreadId: randomUUID() };
    const refs = Array.from({ length: 20 }, () => randomUUID());
    for (const ref of refs) await here.publish({ conversation, kind: "message", ref });
    await far.next((s) => s.ref === refs.at(-1));
    const ours = far.signals.filter((s) => "supportThreadId" in s.conversation);
    expect(ours.map((s) => s.ref)).toEqual(refs);
  });

  withFanOut("stops telling a listener that unsubscribed", async ({ here, there }) => {
    const gone = heard(there);
    gone.stop();
    const still = heard(there);
    const signal: ChatSignal = {
      conversation: { practiceId: randomUUID() },
      kind: "read",
      ref: randomUUID(),
    };
    await here.publish(signal);
    await still.next((s) => s.ref === signal.ref);
    expect(gone.signals).toEqual([]);
  });

  withFanOut("tells every process, this one included, that a cache is stale", async ({ here, there }) => {
    const far: string[] = [];
    const near: string[] = [];
    there.onInvalidate((cache) => far.push(cache));
    here.onInvalidate((cache) => near.push(cache));
    await here.invalidate("catalogue");
    await expect.poll(() => far, { timeout: 10_000 }).toEqual(["catalogue"]);
    await expect.poll(() => near, { timeout: 10_000 }).toEqual(["catalogue"]);
  });
}
