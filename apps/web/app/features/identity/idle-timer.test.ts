import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIdleTimer } from "./idle-timer.ts";

const MINUTE = 60_000;

describe("the idle sign-out's timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function timer() {
    const events: string[] = [];
    const idle = createIdleTimer({
      idleMs: 15 * MINUTE,
      warnMs: MINUTE,
      onWarn: () => events.push("warn"),
      onActive: () => events.push("active"),
      onIdle: () => events.push("idle"),
    });
    return { idle, events };
  }

  it("warns a minute before fifteen idle minutes, then signs out", () => {
    const { events } = timer();
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(["warn"]);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(events).toEqual(["warn"]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(["warn", "idle"]);
  });

  it("starts again on activity, here or in another tab, and an activity after the warning takes it away", () => {
    const { idle, events } = timer();
    vi.advanceTimersByTime(10 * MINUTE);
    idle.activity();
    vi.advanceTimersByTime(13 * MINUTE);
    expect(events).toEqual([]);
    idle.activityAt(Date.now()); // another tab
    vi.advanceTimersByTime(14 * MINUTE);
    expect(events).toEqual(["warn"]);
    idle.activity(); // "Resta collegata/o"
    expect(events).toEqual(["warn", "active"]);
    vi.advanceTimersByTime(14 * MINUTE + 30_000);
    expect(events).toEqual(["warn", "active", "warn"]);
    vi.advanceTimersByTime(30_000);
    expect(events).toEqual(["warn", "active", "warn", "idle"]);
    idle.activity();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(events).toEqual(["warn", "active", "warn", "idle"]);
  });

  it("ends at once when the clock jumped past the end (a sleeping laptop), activity or not", () => {
    const { idle, events } = timer();
    vi.setSystemTime(Date.now() + 20 * MINUTE); // the clock moved, no timer ran
    idle.activity();
    expect(events).toEqual(["idle"]);
  });

  it("never fires once stopped (the user signed out another way)", () => {
    const { idle, events } = timer();
    idle.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    expect(events).toEqual([]);
  });
});
