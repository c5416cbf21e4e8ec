import { z } from "zod";
import { TAKEDOWN_MAX_URLS } from "../shared/constants.ts";
import { HttpUrlSchema, isHttpUrl, normaliseUrl } from "../shared/fields.ts";
import { MESSAGES } from "../shared/messages.ts";

// Takedown URLs (spec §5): at most three links, the first mandatory.

/**
 * The takedown form: up to three fields, the first required, later ones may be left empty; a link typed
 * without its scheme gets https:// (as the questionnaire's). Parses to the list of filled links, in order —
 * the body of PATCH /v1/services/takedown/{id}/urls.
 */
export const TakedownUrlsFormSchema = z.object({
  urls: z
    .array(z.string({ error: MESSAGES.invalidUrl }).transform(normaliseUrl), {
      error: MESSAGES.takedownFirstUrlRequired,
    })
    .superRefine((urls, ctx) => {
      if (urls.length > TAKEDOWN_MAX_URLS) {
        ctx.addIssue({ code: "custom", message: MESSAGES.takedownMaxUrls, input: urls });
        return;
      }
      if (!urls[0]) {
        ctx.addIssue({
          code: "custom",
          path: [0],
          message: MESSAGES.takedownFirstUrlRequired,
          input: urls[0],
        });
      }
      urls.forEach((url, index) => {
        if (url !== "" && !isHttpUrl(url)) {
          ctx.addIssue({ code: "custom", path: [index], message: MESSAGES.invalidUrl, input: url });
        }
      });
    })
    .transform((urls) => urls.filter((url) => url !== "")),
});
export type TakedownUrlsForm = z.input<typeof TakedownUrlsFormSchema>;

/** The API body: one to three valid links, no empty entries. */
export const TakedownUrlsBodySchema = z.object({
  urls: z
    .array(HttpUrlSchema, { error: MESSAGES.takedownFirstUrlRequired })
    .min(1, { error: MESSAGES.takedownFirstUrlRequired })
    .max(TAKEDOWN_MAX_URLS, { error: MESSAGES.takedownMaxUrls }),
});
export type TakedownUrlsBody = z.infer<typeof TakedownUrlsBodySchema>;
