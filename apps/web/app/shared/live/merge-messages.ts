/**
 * A conversation's messages merged by id (an edited one replaces its earlier text), in their order (`seq`,
 * the order they were committed in): what the live socket brings may overlap what a call read (ADR 030).
 */
export function mergeMessages<M extends { id: string; seq: number }>(
  current: readonly M[] | undefined,
  incoming: readonly M[],
): M[] {
  const byId = new Map((current ?? []).map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}
