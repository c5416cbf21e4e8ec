import { defineRoutes } from "@argine/core/shared/api-contract";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { callerFor } from "./call.ts";
import { createHttpClient } from "./http-client.ts";

const Params = z.object({ id: z.string() });
const Thing = z.object({ name: z.string() });
const routes = defineRoutes<{
  detail: {
    params: typeof Params;
    query: z.ZodObject<{ page: z.ZodOptional<z.ZodNumber> }>;
    response: typeof Thing;
  };
  rename: { params: typeof Params; body: typeof Thing; response: typeof Thing };
}>()({
  detail: { method: "GET", path: "/things/:id/parts" },
  rename: { method: "PATCH", path: "/things/:id" },
});
const { detail, rename } = routes;

function caller() {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response('{"name":"a"}', { status: 200, headers: { "Content-Type": "application/json" } }),
  );
  return { call: callerFor(createHttpClient({ baseUrl: "https://api.test", fetch: fetchMock })), fetchMock };
}

describe("call (a call core declares)", () => {
  it("fills the path parameters, encoded, under /v1, and sends the query", async () => {
    const { call, fetchMock } = caller();
    const answer = await call(detail, { params: { id: "a/b" }, query: { page: 2 } });
    expect(answer.name).toBe("a");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("https://api.test/v1/things/a%2Fb/parts?page=2");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
  });

  it("sends the body with the declared method", async () => {
    const { call, fetchMock } = caller();
    await call(rename, { params: { id: "t1" }, body: { name: "b" } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("PATCH");
    expect(init?.body).toBe('{"name":"b"}');
  });

  it("refuses a call whose path parameter is missing", () => {
    const { call } = caller();
    expect(() => call(detail, { params: {} as { id: string } })).toThrow("missing path parameter id");
  });
});
