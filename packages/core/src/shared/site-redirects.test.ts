import { describe, expect, it } from "vitest";
import { legacyRedirect } from "./site-redirects.ts";

describe("legacyRedirect", () => {
  it("maps the spec's other spellings to the canonical paths", () => {
    expect(legacyRedirect("/education/hateSpeech")).toBe("/education/hate-speech");
    expect(legacyRedirect("/education/revengePorn/")).toBe("/education/revenge-porn");
    expect(legacyRedirect("/services/formalNotice")).toBe("/services/formal-notice");
  });

  it("leaves every other path alone", () => {
    expect(legacyRedirect("/education/hate-speech")).toBeNull();
    expect(legacyRedirect("/")).toBeNull();
    expect(legacyRedirect("/education/hatespeech")).toBeNull();
  });
});
