import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ATTACHMENT_ACCEPT } from "@argine/core/diary/attachments";
import { describe, expect, it } from "vitest";
import { DIARY_NEW_PATH, DIARY_SHARE_TARGET_PATH } from "../../shared/navigation/navigation.ts";
import { FORGET_SHARED_FILES_MESSAGE, SHARED_FILES_CACHE } from "../../shared/store/browser-storage.ts";
import { fakeCaches, sharedFile as file } from "./diary-test-helpers.ts";
import { SHARED_PARAM } from "./new-entry-page.tsx";
import { splitSharedWords, takeSharedInbox } from "./shared-inbox.ts";

describe("what the phone shares with the app", () => {
  it("is taken once, as files, links and words, and deleted from the device", async () => {
    const storage = fakeCaches({
      "https://argine.test/shared-files/1-a/file-0": file("png", "Screenshot 2026-12-03.png", "image/png"),
      "https://argine.test/shared-files/1-a/file-1": file("jpg", "foto è.jpg", "image/jpeg"),
      "https://argine.test/shared-files/1-a/words": Response.json({
        title: "",
        text: "Guarda cosa ha scritto https://instagram.com/p/xyz",
        url: "",
      }),
    });
    const inbox = await takeSharedInbox(storage);
    expect(inbox.files.map((f) => [f.name, f.type, f.size])).toEqual([
      ["Screenshot 2026-12-03.png", "image/png", 3],
      ["foto è.jpg", "image/jpeg", 3],
    ]);
    expect(inbox.urls).toEqual(["https://instagram.com/p/xyz"]);
    expect(inbox.text).toBe("Guarda cosa ha scritto");
    expect(await takeSharedInbox(storage)).toEqual({ files: [], urls: [], text: "" });
  });

  it("is nothing without Cache Storage (the site opened without its service worker)", async () => {
    expect(await takeSharedInbox(undefined)).toEqual({ files: [], urls: [], text: "" });
  });

  it("keeps the link apart from the words", () => {
    expect(splitSharedWords({ title: "Post", text: "", url: "https://x.com/a/status/1" })).toEqual({
      urls: ["https://x.com/a/status/1"],
      text: "",
    });
    expect(splitSharedWords({ title: "Un titolo", text: "", url: "" })).toEqual({
      urls: [],
      text: "Un titolo",
    });
  });

  it("is announced by the manifest and kept by the service worker under the names the page reads", () => {
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../../public/manifest-it.webmanifest"), "utf8"),
    );
    expect(manifest.share_target).toMatchObject({
      action: DIARY_SHARE_TARGET_PATH,
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", url: "url" },
    });
    expect(manifest.share_target.params.files).toEqual([
      { name: "files", accept: ATTACHMENT_ACCEPT.split(",") },
    ]);
    const worker = readFileSync(join(import.meta.dirname, "../../../scripts/service-worker.js"), "utf8");
    expect(worker).toContain(`const SHARE_TARGET = "${DIARY_SHARE_TARGET_PATH}";`);
    expect(worker).toContain(`const SHARED_PAGE = "${DIARY_NEW_PATH}?${SHARED_PARAM}=1";`);
    expect(worker).toContain(`const SHARED_FILES = "${SHARED_FILES_CACHE}";`);
    expect(worker).toContain(`const FORGET_SHARED_FILES = "${FORGET_SHARED_FILES_MESSAGE}";`);
  });
});
