import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Deps } from "../deps.ts";
import { createInProcessFanOut } from "../fan-out/fan-out.ts";
import type { Conversation, Conversations, Loaded } from "./conversation.ts";
import { createDeliveries } from "./delivery.ts";

// A message costs one load per process however many sockets follow it (ADR 030): the deliveries load what a
// signal names when the first socket asks, and every other socket shares it.

function countingConversation() {
  const loads: (string | null)[] = [];
  const loaded: Loaded = { seenBy: () => null, readableBy: () => true };
  const conversation: Conversation = {
    readAfter: async () => [],
    reads: async () => null,
    load: async (_deps, _ref, messageId) => {
      loads.push(messageId);
      return loaded;
    },
  };
  return { loads, conversation };
}

describe("the process's deliveries", () => {
  it("load each signalled message once for 500 sockets, and typing not at all", async () => {
    const fanOut = createInProcessFanOut();
    const { loads, conversation } = countingConversation();
    const conversations: Conversations = { practice: conversation, support: conversation };
    const deliveries = createDeliveries({ fanOut } as Deps, conversations);
    const seen: Promise<Loaded | null>[] = [];
    const stops = Array.from({ length: 500 }, () =>
      deliveries.subscribe((delivery) => {
        if (delivery.signal.kind !== "typing") seen.push(delivery.load());
      }),
    );
    const practiceId = randomUUID();
    for (let i = 0; i < 100; i++)
      await fanOut.publish({ conversation: { practiceId }, kind: "message", ref: `m${i}` });
    await fanOut.publish({ conversation: { practiceId }, kind: "read", ref: "someone" });
    await fanOut.publish({ conversation: { practiceId }, kind: "typing", ref: "client" });
    await Promise.all(seen);

    expect(seen).toHaveLength(500 * 101);
    expect(loads).toEqual([...Array.from({ length: 100 }, (_, i) => `m${i}`), null]);
    for (const stop of stops) stop();
    deliveries.close();
    await fanOut.close();
  });
});
