import { AppError } from "@argine/core/errors/app-error";
import {
  CLAIM_ATTEMPT_WINDOW_MINUTES,
  CLAIM_ATTEMPTS_MAX,
  CLAIM_MESSAGES,
  type ClaimedPractice,
  ClaimedPracticeSchema,
  ClaimTokenBodySchema,
  ClaimWithKeyBodySchema,
  normalizeTicketCode,
} from "@argine/core/practices/claim";
import { practicesPolicy } from "@argine/core/practices/policy";
import { PracticeStatusSchema } from "@argine/core/practices/practice-status";
import {
  claimPracticeWithKey,
  claimPracticeWithToken,
  findPractice,
  findPracticeByTicketCode,
  type PracticeRow,
} from "@argine/db/queries/practices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireActor } from "../../../identity/authenticate.ts";
import { hashToken } from "../../../identity/link-tokens.ts";
import { claimKeyHash } from "../../../practices/claim-secrets.ts";

const PracticeParams = z.object({ id: z.uuid() });

/**
 * Claiming the practice the questionnaire opened (issue 12, ADR 010): the id alone claims nothing; the
 * submitting browser's single-use token, or the practice code with its claim key from any device, do.
 */
export const practiceClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  const claimed = (practice: PracticeRow): ClaimedPractice => ({
    practiceId: practice.id,
    ticketCode: practice.ticketCode,
    status: PracticeStatusSchema.parse(practice.status),
  });

  app.patch(
    "/practices/:id/user",
    {
      schema: {
        tags: ["practices"],
        summary:
          "La pratica aperta dal questionario passa all'utente collegato, con il claimToken del browser che l'ha inviata",
        params: PracticeParams,
        // No body at all (an id alone) is a refused claim, not a malformed request.
        body: ClaimTokenBodySchema.nullish(),
        response: { 200: ClaimedPracticeSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const practice = await findPractice(app.db, request.params.id);
      if (!practice) throw new AppError("NOT_FOUND");
      // Already theirs: claiming again changes nothing (a retried request, a second tab).
      if (practice.ownerId === actor.userId) return claimed(practice);
      const token = request.body?.claimToken;
      // Knowing the id is not enough (issue 12): only the submitting browser's token, once, before it expires.
      const won =
        practicesPolicy(actor, "claim", practice) && token
          ? await claimPracticeWithToken(app.db, practice.id, actor.userId, hashToken(token))
          : undefined;
      if (!won) throw new AppError("FORBIDDEN", CLAIM_MESSAGES.tokenRefused);
      return claimed(won);
    },
  );

  // Guessing a key takes many tries: each signed-in user and each address gets CLAIM_ATTEMPTS_MAX per window.
  const claimLimits = (["user", "ip"] as const).map((by) =>
    app.createRateLimit({
      max: CLAIM_ATTEMPTS_MAX,
      timeWindow: CLAIM_ATTEMPT_WINDOW_MINUTES * 60_000,
      keyGenerator: (request) =>
        by === "user" ? `claim-user:${request.actor?.userId}` : `claim-ip:${request.ip}`,
    }),
  );

  app.post(
    "/practices/claim",
    {
      onRequest: async (request, reply) => {
        requireActor(request);
        for (const limit of claimLimits) {
          const state = await limit(request);
          if (state.isAllowed || !state.isExceeded) continue;
          reply.header("retry-after", String(state.ttlInSeconds));
          throw new AppError("TOO_MANY_REQUESTS", CLAIM_MESSAGES.tooManyAttempts);
        }
      },
      schema: {
        tags: ["practices"],
        summary:
          "«Ho un codice pratica»: il codice e la chiave di recupero aggiungono la pratica all'account, da qualsiasi dispositivo",
        body: ClaimWithKeyBodySchema,
        response: { 200: ClaimedPracticeSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const ticketCode = normalizeTicketCode(request.body.ticketCode);
      const hash = claimKeyHash(ticketCode, request.body.claimKey);
      const won = await claimPracticeWithKey(app.db, ticketCode, actor.userId, hash);
      if (won) return claimed(won);
      // Already theirs (claimed earlier, the key now void): say so rather than "wrong key".
      const practice = await findPracticeByTicketCode(app.db, ticketCode);
      if (practice && practice.ownerId === actor.userId) return claimed(practice);
      // One answer for an unknown code, a wrong key and someone else's practice: nothing to enumerate.
      throw new AppError("FORBIDDEN", CLAIM_MESSAGES.keyRefused);
    },
  );
};
