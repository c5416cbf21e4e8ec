/**
 * The event the quick exit dispatches on window before it leaves: whatever holds something open (the live
 * socket) closes it. An event rather than an import keeps the live code out of every page's first load.
 */
export const QUICK_EXIT_EVENT = "argine:quick-exit";
