import { afterEach, describe, expect, it } from "vitest";
import {
  clearAllLocalKeys,
  isDebugMode,
  LOCAL_STORAGE_KEYS,
  readLastKnownPracticeId,
  readUserData,
  writeLastKnownPracticeId,
  writeUserData,
} from "./browser-storage.ts";

describe("browser local storage keys (spec §3)", () => {
  afterEach(() => localStorage.clear());

  it("userData defaults to {} and keeps only the id and the first name", () => {
    expect(readUserData()).toEqual({});
    writeUserData({ id: "u1", name: "Giulia", ...({ email: "g@example.it", taxCode: "X" } as object) });
    expect(JSON.parse(localStorage.getItem("userData") ?? "")).toEqual({ id: "u1", name: "Giulia" });
    expect(readUserData()).toEqual({ id: "u1", name: "Giulia" });
  });

  it("reads malformed userData as {}", () => {
    localStorage.setItem("userData", "not json");
    expect(readUserData()).toEqual({});
    localStorage.setItem("userData", '["a"]');
    expect(readUserData()).toEqual({});
  });

  it("the clear-all helper removes every key except debugMode", () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.debugMode, "true");
    localStorage.setItem(LOCAL_STORAGE_KEYS.consoleLog, "true");
    writeUserData({ id: "u1", name: "Giulia" });
    writeLastKnownPracticeId("p-1");
    localStorage.setItem("unrelated", "stays");

    clearAllLocalKeys();

    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.userData)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.consoleLog)).toBeNull();
    expect(readLastKnownPracticeId()).toBeNull();
    expect(isDebugMode()).toBe(true);
    expect(localStorage.getItem("unrelated")).toBe("stays");
  });
});
