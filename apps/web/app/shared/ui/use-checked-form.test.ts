import { LoginBodySchema } from "@argine/core/identity/login-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { describe, expect, it, vi } from "vitest";
import { lazySchemaResolver } from "./use-checked-form.ts";

type Values = { email: string; password: string };
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("a schema's check loaded at the form's first check", () => {
  it("checks with core's schema once loaded, and loads it once", async () => {
    const load = vi.fn(async () => LoginBodySchema);
    const resolver = lazySchemaResolver<Values, Values>(load);
    expect(load).not.toHaveBeenCalled();
    const refused = await resolver({ email: "non-una-email", password: "" }, undefined, options);
    expect(Object.keys(refused.errors).sort()).toEqual(["email", "password"]);
    expect(refused.errors.password?.message).toBe(MESSAGES.required);
    const accepted = await resolver({ email: " giulia@example.it ", password: "x" }, undefined, options);
    expect(accepted).toEqual({ values: { email: "giulia@example.it", password: "x" }, errors: {} });
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leaves the check to the API when the schema cannot be loaded, and loads it again next time", async () => {
    const load = vi
      .fn<() => Promise<typeof LoginBodySchema>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(LoginBodySchema);
    const resolver = lazySchemaResolver<Values, Values>(load);
    const unchecked = await resolver({ email: "non-una-email", password: "" }, undefined, options);
    expect(unchecked).toEqual({ values: { email: "non-una-email", password: "" }, errors: {} });
    const checked = await resolver({ email: "non-una-email", password: "" }, undefined, options);
    expect(Object.keys(checked.errors).sort()).toEqual(["email", "password"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
