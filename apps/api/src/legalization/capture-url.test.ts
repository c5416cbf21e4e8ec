import { MESSAGES } from "@argine/core/shared/messages";
import { describe, expect, it } from "vitest";
import { assertCaptureHostPublic, type ResolveHost } from "./capture-url.ts";

const resolvingTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses;

describe("the capture URL's host name, resolved", () => {
  it.each([
    ["a loopback record", ["127.0.0.1"]],
    ["the metadata service", ["169.254.169.254"]],
    ["one private address among public ones", ["151.101.1.140", "10.0.0.7"]],
    ["an IPv6 loopback", ["::1"]],
    ["an IPv4-mapped private address", ["::ffff:192.168.1.10"]],
  ])("refuses a public-looking name resolving to %s", async (_case, addresses) => {
    await expect(
      assertCaptureHostPublic("https://pagina.esempio.it/post", resolvingTo(...addresses)),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.captureUrlPrivate });
  });

  it("accepts a name resolving to public addresses only", async () => {
    await expect(
      assertCaptureHostPublic(
        "https://www.instagram.com/p/offesa/",
        resolvingTo("157.240.231.174", "2a03:2880:f240:e5:face:b00c:0:4420"),
      ),
    ).resolves.toBeUndefined();
  });

  it("leaves a name that does not resolve, or not in time, to the provider", async () => {
    const failing: ResolveHost = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    await expect(assertCaptureHostPublic("https://www.instagram.com/p/offesa/", failing)).resolves.toBe(
      undefined,
    );
    const never: ResolveHost = () => new Promise(() => {});
    const started = Date.now();
    await expect(assertCaptureHostPublic("https://lento.esempio.it/", never)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("asks the system's resolver (here /etc/hosts' localhost)", async () => {
    await expect(assertCaptureHostPublic("http://localhost/")).rejects.toMatchObject({
      message: MESSAGES.captureUrlPrivate,
    });
  });
});
