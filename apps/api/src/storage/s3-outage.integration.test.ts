import { AppError } from "@argine/core/errors/app-error";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultProxy, startFaultProxy } from "../../test/fault-proxy.ts";
import { startS3rver } from "../../test/s3.ts";
import { systemClock } from "../clock.ts";
import { createS3Storage, S3_ATTEMPTS, S3_SOCKET_TIMEOUT_MS } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

// S3 out of reach under a running process (issue 39): refused or silent, every call the server makes fails as
// unavailable (an AppError 503, the Italian message), within the client's bound, never a bare error nor a
// hang; once S3 is back the same storage works, and what it held is still there.
describe("S3 out of reach", () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let proxy: FaultProxy;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startS3rver("argine-outage");
    const endpoint = new URL(s3.config.endpoint ?? "");
    proxy = await startFaultProxy(endpoint.hostname, Number(endpoint.port));
    storage = createS3Storage({ ...s3.config, endpoint: `http://127.0.0.1:${proxy.port}` }, systemClock);
    await storage.put("prove/kept.pdf", Buffer.from("%PDF-1.7 kept"));
  });
  afterAll(async () => {
    proxy?.set("up");
    await proxy?.close();
    await s3?.close();
  });

  const failure = async (call: () => Promise<unknown>) => {
    const started = Date.now();
    const error = await call().then(
      () => null,
      (e: unknown) => e,
    );
    return { error, ms: Date.now() - started };
  };

  for (const mode of ["refuse", "hang"] as const)
    it(`answers unavailable when S3 is ${mode === "refuse" ? "refusing" : "silent"}, then works again`, async () => {
      proxy.set(mode);
      for (const call of [
        () => storage.put("prove/new.pdf", Buffer.from("%PDF-1.7 new")),
        () => storage.get("prove/kept.pdf"),
        () => storage.head("prove/kept.pdf"),
      ]) {
        const { error, ms } = await failure(call);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503 });
        expect(ms).toBeLessThan(S3_ATTEMPTS * (S3_SOCKET_TIMEOUT_MS + 1_500));
      }
      proxy.set("up");
      expect((await storage.get("prove/kept.pdf"))?.toString()).toBe("%PDF-1.7 kept");
      await storage.put("prove/after.pdf", Buffer.from("%PDF-1.7 after"));
      expect(await storage.head("prove/after.pdf")).toEqual({ size: 14 });
    }, 60_000);
});
