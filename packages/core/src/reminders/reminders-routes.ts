import { defineRoutes } from "../shared/api-contract.ts";
import type { RemindersCallSchemas } from "./reminders-calls.ts";

// Method, path and success status of each call; its schemas are in reminders-calls.ts (shared/api-contract.ts).

export const REMINDERS_ROUTES = defineRoutes<RemindersCallSchemas>()({
  reminders: { method: "GET", path: "/practices/:id/reminders" },
  setReminders: { method: "PUT", path: "/practices/:id/reminders" },
});
