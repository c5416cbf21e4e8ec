import { AppError } from "@argine/core/errors/app-error";
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import type { FastifyInstance } from "fastify";

/**
 * JSON bodies are read by Fastify's own parser (empty or malformed: 400, `__proto__` and `constructor`
 * keys refused) after one linear scan of the text refuses nesting deeper than JSON_MAX_DEPTH: a body of a
 * hundred thousand brackets is answered 400 without being built, walked or validated. Replaces the default
 * parser for the whole app; a scope wanting the raw bytes (the payment webhook) removes it first.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, JSON_MAX_DEPTH)) {
      done(new AppError("BAD_REQUEST", MESSAGES.tooDeeplyNested), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
