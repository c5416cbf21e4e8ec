import type { FastifyReply } from "fastify";

const encoded = new WeakMap<object, Buffer>();

/**
 * Answers with `value` as the route's response schema writes it, checked and encoded once for each object: an
 * answer kept in memory and sent again (practices/list-pages.ts) goes out as the same bytes, without its
 * schema's check, its JSON and its UTF-8 made again (docs/performance.md). Only for an object nobody changes.
 */
export function sendEncoded(reply: FastifyReply, value: object) {
  let bytes = encoded.get(value);
  if (!bytes) {
    const body = reply.serialize(value);
    bytes = typeof body === "string" ? Buffer.from(body) : Buffer.from(body as ArrayBuffer);
    encoded.set(value, bytes);
  }
  return reply.type("application/json; charset=utf-8").send(bytes);
}
