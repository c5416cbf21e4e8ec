import { hasRole } from "@argine/core/identity/roles";
import type { SessionUser } from "../auth/session-user.ts";

// Small shared helpers of the practice screens.

const DAY = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Rome",
});
const MOMENT = new Intl.DateTimeFormat("it-IT", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Rome",
});

/** "12 novembre 2026"; a dash when there is no date. */
export function formatDay(iso: string | null): string {
  return iso ? DAY.format(new Date(iso)) : "—";
}

/** "12/11/26, 14:05": when a message was written. */
export function formatMoment(iso: string): string {
  return MOMENT.format(new Date(iso));
}

/** Lawyers and admins work every practice (spec §6). */
export function isStaffUser(user: SessionUser | null): boolean {
  return !!user && (hasRole(user.roles, "lawyer") || hasRole(user.roles, "admin"));
}

export function isAdminUser(user: SessionUser | null): boolean {
  return !!user && hasRole(user.roles, "admin");
}
