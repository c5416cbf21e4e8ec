// The personal area's idle sign-out (issue 37): after `idleMs` without activity a warning, `warnMs` before the
// end, then the end. Activity is this tab's (pointer, key, touch, scroll, the page shown again) or another tab's
// of the same browser, through a BroadcastChannel: one active tab keeps the others alive. The clock is read on
// each check, so a timer a background tab delayed, or a laptop waking from sleep, still ends on time.

export interface IdleTimerOptions {
  idleMs: number;
  warnMs: number;
  onWarn: () => void;
  /** Activity after a warning: the warning goes. */
  onActive: () => void;
  onIdle: () => void;
  now?: () => number;
}

export interface IdleTimer {
  /** Activity seen now: the countdown starts again (unless the end has already passed). */
  activity(): void;
  /** The same, seen in another tab at `at` (its clock: the tabs share the machine's). */
  activityAt(at: number): void;
  /** Checks the deadline now (the page shown again after a sleep). */
  check(): void;
  stop(): void;
}

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const now = options.now ?? Date.now;
  let last = now();
  let warned = false;
  let ended = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (at: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, at - now()));
  };

  function check() {
    if (ended) return;
    const idle = now() - last;
    if (idle >= options.idleMs) {
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
      options.onIdle();
      return;
    }
    if (idle >= options.idleMs - options.warnMs) {
      if (!warned) {
        warned = true;
        options.onWarn();
      }
      schedule(last + options.idleMs);
      return;
    }
    schedule(last + options.idleMs - options.warnMs);
  }

  function activityAt(at: number) {
    if (ended || at <= last) return;
    // Past the end already (a tab frozen while the others slept): the end comes first.
    if (now() - last >= options.idleMs) return check();
    last = at;
    if (warned) {
      warned = false;
      options.onActive();
    }
    schedule(last + options.idleMs - options.warnMs);
  }

  schedule(last + options.idleMs - options.warnMs);
  return {
    activity: () => activityAt(now()),
    activityAt,
    check,
    stop: () => {
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
