import { describe, expect, it } from "vitest";
import { deviceName } from "./devices.ts";

describe("a signed-in device's name", () => {
  it("names the browser and the system a person would recognise", () => {
    const cases: [string, string][] = [
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Chrome su Android",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Safari su iPhone",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
        "Edge su Windows",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0",
        "Firefox su macOS",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
        "Chrome su Linux",
      ],
      ["curl/8.5.0", "Browser sconosciuto"],
      ["", "Browser sconosciuto"],
    ];
    expect(cases.map(([userAgent]) => deviceName(userAgent))).toEqual(cases.map(([, name]) => name));
  });
});
