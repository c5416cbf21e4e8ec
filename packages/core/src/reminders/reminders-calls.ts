import { IdParamsSchema } from "../practices/practices-api.ts";
import { joinCalls } from "../shared/api-contract.ts";
import { DeadlineRemindersBodySchema, DeadlineRemindersSchema } from "./reminders-api.ts";
import { REMINDERS_ROUTES } from "./reminders-routes.ts";

// The reminders' calls, each declared once for the API routes and the web (shared/api-contract.ts).

const SCHEMAS = {
  reminders: { params: IdParamsSchema, response: DeadlineRemindersSchema },
  setReminders: {
    params: IdParamsSchema,
    body: DeadlineRemindersBodySchema,
    response: DeadlineRemindersSchema,
  },
};

export type RemindersCallSchemas = typeof SCHEMAS;

export const REMINDERS_CALLS = joinCalls(REMINDERS_ROUTES, SCHEMAS);
