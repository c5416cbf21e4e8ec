import { defineRoutes } from "../shared/api-contract.ts";
import type { SupportCallSchemas } from "./support-calls.ts";

// Method, path and success status of each support call, and how a visitor's thread is named to it; its
// schemas are in support-calls.ts. Free of schemas: the support launcher loads with every page.

/** The header a visitor's browser sends its thread's token in (never the URL, which proxies log). */
export const SUPPORT_TOKEN_HEADER = "x-support-token";

/** The answer mail's link is the site's address with `#<this>=<token>`: the fragment reaches no server. */
export const SUPPORT_MAIL_LINK_HASH = "riprendi-chat";

export const SUPPORT_ROUTES = defineRoutes<SupportCallSchemas>()({
  /** The caller's thread: a visitor's by the token header, a signed-in client's by the account. */
  thread: { method: "GET", path: "/support/thread" },
  /** A line in the caller's thread, which is opened by the first one. */
  write: { method: "POST", path: "/support/thread/messages", status: 201 },
  /** The person has read their thread up to a line: staff see "Letto". */
  read: { method: "PUT", path: "/support/thread/read" },
  /** The quick exit: the visitor's browser forgets the thread, staff see it closed (fetch keepalive). */
  close: { method: "POST", path: "/support/thread/close", status: 204 },
  /** The answer mail's link, once: the thread opens in this browser, which gets a new token to keep. */
  resume: { method: "POST", path: "/support/thread/resume" },
  inbox: { method: "GET", path: "/admin/support/threads" },
  staffThread: { method: "GET", path: "/admin/support/threads/:id" },
  answer: { method: "POST", path: "/admin/support/threads/:id/messages", status: 201 },
  /** Staff have read a thread up to a line: the person sees "Letto dal team". */
  staffRead: { method: "PUT", path: "/admin/support/threads/:id/read" },
});
