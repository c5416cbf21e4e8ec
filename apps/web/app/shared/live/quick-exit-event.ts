/**
 * The event the quick exit dispatches on window before it leaves: whatever holds something open (the live
 * socket) closes it, and whatever keeps something in memory drops it (the diary's cached queries,
 * features/diary/diary-queries.ts). An event rather than an import keeps that code out of every page's
 * first load.
 */
export const QUICK_EXIT_EVENT = "argine:quick-exit";
