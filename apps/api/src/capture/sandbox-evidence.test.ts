import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../test/pdf-text.ts";
import { makeSandboxEvidence } from "./sandbox-evidence.ts";
import { sandboxOutcome } from "./sandbox-provider.ts";

describe("the sandbox's ending", () => {
  it("is the failure state the URL's fragment asks for, else CLOSED", () => {
    expect(sandboxOutcome("https://example.org/a#esito=FATAL_FAILED_TERMINATED")).toBe(
      "FATAL_FAILED_TERMINATED",
    );
    expect(sandboxOutcome("https://example.org/a#x=1&esito=GURU_INTERVENTION_STOPPED")).toBe(
      "GURU_INTERVENTION_STOPPED",
    );
    expect(sandboxOutcome("https://example.org/a#esito=NOT_A_STATE")).toBe("CLOSED");
    expect(sandboxOutcome("https://example.org/a?esito=FATAL_FAILED_TERMINATED")).toBe("CLOSED");
  });
});

describe("the sandbox's evidence", () => {
  it("is the fixed page with the URL as text, a manifest and a report with every hash", async () => {
    const files = await makeSandboxEvidence({
      url: 'https://example.org/"><img src=x>',
      sessionId: "s-1",
      startedAt: new Date("2026-11-24T10:00:00Z"),
      endedAt: new Date("2026-11-24T10:05:00Z"),
      chromiumPath: null,
    });
    expect(files.map((f) => f.name)).toEqual(["snapshot.html", "manifest.json", "report.pdf"]);
    for (const f of files) expect(createHash("sha256").update(f.bytes).digest("hex")).toBe(f.sha256);
    const html = files[0]?.bytes.toString() ?? "";
    expect(html).toContain("https://example.org/&#34;&#62;&#60;img src=x&#62;");
    expect(html).not.toContain("<img");
    const manifest = JSON.parse(files[1]?.bytes.toString() ?? "{}");
    expect(manifest).toMatchObject({
      startedAt: "2026-11-24T10:00:00.000Z",
      endedAt: "2026-11-24T10:05:00.000Z",
      files: [{ name: "snapshot.html", sha256: files[0]?.sha256 }],
    });
    const report = await pdfText(new Uint8Array(files[2]?.bytes ?? []));
    expect(report).toContain("2026-11-24T10:05:00.000Z");
    expect(report).toContain(files[0]?.sha256);
    expect(report).toContain(files[1]?.sha256);
  });
});
