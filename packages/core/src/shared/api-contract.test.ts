import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callPath, defineRoutes } from "./api-contract.ts";

const SCHEMAS = {
  item: { params: z.object({ id: z.uuid() }), response: z.null() },
  list: { response: z.null() },
};
type Schemas = typeof SCHEMAS;

describe("defineRoutes", () => {
  it("takes routes whose :parameters are their params schema's keys", () => {
    const routes = defineRoutes<Schemas>()({
      item: { method: "GET", path: "/items/:id" },
      list: { method: "GET", path: "/items" },
    });
    expect(callPath(routes.item, { id: "a b" })).toBe("/v1/items/a%20b");
  });

  it("does not compile a path naming another parameter, or one its call has none for", () => {
    defineRoutes<Schemas>()({
      // @ts-expect-error the params schema says id
      item: { method: "GET", path: "/items/:itemId" },
      list: { method: "GET", path: "/items" },
    });
    defineRoutes<Schemas>()({
      item: { method: "GET", path: "/items/:id" },
      // @ts-expect-error the call has no params schema
      list: { method: "GET", path: "/items/:id" },
    });
    // A missing parameter is a programming error the caller hears about at once.
    expect(() => callPath({ method: "GET", path: "/items/:id" })).toThrow(/missing path parameter id/);
  });
});
