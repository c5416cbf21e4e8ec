import { describe, expect, it } from "vitest";
import { createAppStateStore } from "./app-state.ts";

describe("app state store", () => {
  it("counts spinner instances and never goes below zero", () => {
    const store = createAppStateStore();
    store.raiseSpinner();
    store.raiseSpinner();
    expect(store.getState().spinner).toEqual({ instances: 2, isSpinning: true });
    store.closeSpinner();
    store.closeSpinner();
    store.closeSpinner();
    expect(store.getState().spinner).toEqual({ instances: 0, isSpinning: false });
  });

  it("records the last error and the layout error, and clears the layout error", () => {
    const store = createAppStateStore();
    store.setError({ message: "Server Error !" });
    expect(store.getState().lastError).toEqual({ message: "Server Error !" });
    expect(store.getState().layoutError).toBe("Server Error !");
    store.clearLayoutError();
    expect(store.getState().layoutError).toBeNull();
    expect(store.getState().lastError).toEqual({ message: "Server Error !" });
  });

  it("notifies subscribers on change only", () => {
    const store = createAppStateStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.clearLayoutError(); // already null: no change
    store.closeSpinner(); // already zero: no change
    store.raiseSpinner();
    unsubscribe();
    store.raiseSpinner();
    expect(calls).toBe(1);
  });
});
