import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { captureUrlProblem, isPrivateAddress } from "./capture-url.ts";
import { LegalizationStartBodySchema } from "./legalization-api.ts";

describe("the page a capture may be asked for", () => {
  it.each([
    // Loopback, however it is spelled.
    "http://127.0.0.1/",
    "http://127.8.9.10:8080/admin",
    "http://localhost:3000/",
    "http://LOCALHOST./",
    "http://api.localhost/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://017700000001/",
    "http://127.1/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://0.0.0.0/",
    "http://0/",
    "http://[::]/",
    // Private networks and the clouds' metadata.
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://172.31.255.254/",
    "https://192.168.1.1/router",
    "http://169.254.169.254/latest/meta-data/",
    "http://[fd00::1]/",
    "http://[fc12:3456::1]/",
    "http://[fe80::1]/",
    "http://100.64.0.1/",
    // IPv4 inside IPv6.
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:7f00:1::]/",
    // Names of private zones, and one-label names found through the local network.
    "http://printer.local/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://intranet/",
    "http://metadata/",
  ])("refuses %s as not a public page", (url) => {
    expect(captureUrlProblem(url)).toBe(MESSAGES.captureUrlPrivate);
  });

  it.each([
    "ftp://example.com/file",
    "file:///etc/passwd",
    "gopher://example.com/",
    "javascript:alert(1)",
    "data:text/html,<b>x</b>",
    "non è un indirizzo",
  ])("refuses %s as not a web address", (url) => {
    expect(captureUrlProblem(url)).toBe(MESSAGES.captureUrlInvalid);
  });

  it.each([
    "https://www.instagram.com/p/offesa/",
    "https://www.facebook.com/profilo.falso?id=1#esito=FAILED",
    "http://8.8.8.8/",
    "https://172.32.0.1/", // just past 172.16.0.0/12
    "https://192.169.0.1/",
    "http://[2a03:2880:f12f:83:face:b00c::25de]/",
    "https://esempio.it./pagina",
    "https://xn--perch-fsa.it/",
    "https://localhost.example.com/", // a public domain whose first label happens to read "localhost"
  ])("accepts %s", (url) => {
    expect(captureUrlProblem(url)).toBeNull();
  });

  it("tells addresses a resolver answers apart, in both families and with a zone", () => {
    expect(isPrivateAddress("10.0.0.5")).toBe(true);
    expect(isPrivateAddress("::ffff:192.168.0.1")).toBe(true);
    expect(isPrivateAddress("fe80::1%eth0")).toBe(true);
    expect(isPrivateAddress("151.101.1.140")).toBe(false);
    expect(isPrivateAddress("2a00:1450:4002:402::200e")).toBe(false);
    expect(isPrivateAddress("esempio.it")).toBe(false);
  });

  it("is the start form's rule, so the web says the same as the API", () => {
    const refused = LegalizationStartBodySchema.safeParse({ url: "http://169.254.169.254/" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.captureUrlPrivate]);
    const notUrl = LegalizationStartBodySchema.safeParse({ url: "ftp://esempio.it/" });
    expect(notUrl.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.captureUrlInvalid]);
    expect(
      LegalizationStartBodySchema.safeParse({ url: "https://www.instagram.com/p/offesa/" }).success,
    ).toBe(true);
  });
});
