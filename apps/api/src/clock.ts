import type { Clock } from "pg-boss";

export { systemClock } from "pg-boss";
/**
 * The one source of time of the API: services read `now(clock)`, and the job queue schedules its polls and
 * retries on the same clock, so a test that moves it (pg-boss's `TestClock`) moves both. Production passes
 * the system clock.
 */
export type { Clock };

export const now = (clock: Clock): Date => new Date(clock.now());
