import { defineRoutes } from "../shared/api-contract.ts";
import type { DiaryCallSchemas } from "./diary-calls.ts";

// Method, path and success status of each call; its schemas are in diary-calls.ts.

export const DIARY_ROUTES = defineRoutes<DiaryCallSchemas>()({
  entries: { method: "GET", path: "/diary/entries" },
  entry: { method: "GET", path: "/diary/entries/:id" },
  createEntry: { method: "POST", path: "/diary/entries", status: 201 },
  correctEntry: { method: "POST", path: "/diary/entries/:id/versions", status: 201 },
  prepareAttachment: { method: "POST", path: "/diary/attachments", status: 201 },
  receiveAttachment: { method: "POST", path: "/diary/attachments/:id/received" },
  attachmentLink: { method: "GET", path: "/diary/attachments/:id/link" },
  share: { method: "GET", path: "/diary/shares/:practiceId" },
  setShare: { method: "PUT", path: "/diary/shares/:practiceId" },
  createDossier: { method: "POST", path: "/diary/dossiers", status: 201 },
  dossier: { method: "GET", path: "/diary/dossiers/:id" },
});
