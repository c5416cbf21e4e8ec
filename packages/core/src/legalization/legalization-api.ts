import { z } from "zod";
import { MESSAGES } from "../shared/messages.ts";
import { captureUrlProblem } from "./capture-url.ts";

// The legalization's calls (spec §7 "services/legalization/{id}/…"): the capture session of a
// LEGALIZATION service, its step, its stop action and its evidence files.

export const LegalizationParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.legalizationNotFound }) });

const URL_MESSAGE = MESSAGES.captureUrlInvalid;

/**
 * POST …/session: the page the client wants captured (printed in the report, never fetched by the sandbox;
 * a real provider opens it, so it must be a public page's: capture-url.ts).
 */
export const LegalizationStartBodySchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: URL_MESSAGE, abort: true })
    .max(2000, { error: URL_MESSAGE, abort: true })
    .superRefine((url, ctx) => {
      const problem = captureUrlProblem(url);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: url });
    }),
});
export type LegalizationStartBody = z.infer<typeof LegalizationStartBodySchema>;

/** PATCH …/step: where the client is in the capture (the provider's own step names). */
export const LegalizationStepBodySchema = z.object({
  step: z.string({ error: MESSAGES.badRequest }).trim().min(1, { error: MESSAGES.badRequest }).max(64),
});
export type LegalizationStepBody = z.infer<typeof LegalizationStepBodySchema>;

/** A session as the flow of spec §4 reads it: the state decides whether to poll on, succeed or fail. */
export const LegalizationSessionSchema = z.object({
  sessionId: z.uuid(),
  /** The provider's name, the first word of a failure's text ('<provider> Error : <state>'). */
  provider: z.string(),
  state: z.string(),
  step: z.string().nullable(),
  url: z.string().nullable(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  /** Once the files are stored: when, and the report's SHA-256 anyone can check them with. */
  filesReadyAt: z.iso.datetime().nullable(),
  reportSha256: z.string().nullable(),
  /** When the retention deleted the stored files (a year after they were ready): nothing to open since. */
  filesDeletedAt: z.iso.datetime().nullable(),
});
export type LegalizationSession = z.infer<typeof LegalizationSessionSchema>;

export const LegalizationFileSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** A short-lived link downloading the file. */
  url: z.string(),
});
export type LegalizationFile = z.infer<typeof LegalizationFileSchema>;

/** GET …/session-files: each file with its link (the modal of spec §7), and the report's hash. */
export const LegalizationFilesSchema = z.object({
  reportSha256: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  files: z.array(LegalizationFileSchema),
});
export type LegalizationFiles = z.infer<typeof LegalizationFilesSchema>;
