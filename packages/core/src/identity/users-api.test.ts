import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdminUserListQuerySchema, AdminUserListSchema } from "./users-api.ts";

describe("the admin's users list", () => {
  it("pages the user list, 20 by default", () => {
    expect(AdminUserListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(AdminUserListQuerySchema.parse({ q: " anna ", page: "2", pageSize: "50" })).toEqual({
      q: "anna",
      page: 2,
      pageSize: 50,
    });
    expect(AdminUserListQuerySchema.safeParse({ pageSize: "1000" }).success).toBe(false);
  });

  // The API declares these and publishes them in its OpenAPI document: they must convert to JSON Schema.
  it.each(Object.entries({ AdminUserListQuerySchema, AdminUserListSchema }))(
    "%s converts to JSON Schema for input and output",
    (_, schema) => {
      for (const io of ["input", "output"] as const) {
        expect(z.toJSONSchema(schema, { io }).type).toBeDefined();
      }
    },
  );
});
