import { validateAttachmentMeta } from "@argine/core/diary/attachments";
import type { DiaryAttachment } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { DIARY_LIMITS } from "@argine/core/diary/entry";
import { useCallback, useRef, useState } from "react";
import { attachmentRefusal, useSendAttachment } from "./diary-queries.ts";

// The attachments of the episode being written: each file chosen is sent at once, with its own progress and,
// when refused, its own Italian reason; the episode is saved with the ids of those the server received.

export type UploadStatus = "sending" | "received" | "refused";

export interface UploadItem {
  /** This row's own key (a file may be chosen twice). */
  key: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0 to 1 while sending. */
  progress: number;
  /** Why it was refused, in Italian. */
  error: string | null;
  /** Set once the server received and checked it. */
  attachment: DiaryAttachment | null;
  /** The file itself, to send again after a failure; null for an attachment the episode already had. */
  file: File | null;
}

/** What the form sends: the attachments received, or why it cannot be sent yet. */
export type UploadsOutcome = { ids: string[]; problem: null } | { ids: null; problem: string };

/** An attachment was refused and is still in the list: she decides whether to take it away or try again. */
const REFUSED_STILL_LISTED =
  "Un allegato non è stato caricato: riprova a inviarlo oppure toglilo, poi salva l'episodio.";

let counter = 0;
const nextKey = () => `upload-${++counter}`;

const fromAttachment = (attachment: DiaryAttachment): UploadItem => ({
  key: attachment.id,
  name: attachment.fileName,
  size: attachment.size,
  status: "received",
  progress: 1,
  error: null,
  attachment,
  file: null,
});

export function useAttachmentUploads(initial: readonly DiaryAttachment[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() => initial.map(fromAttachment));
  // The list as it is now, changed here first and then rendered: the submit that waits for the sends reads
  // it at once (a state updater runs only at the next render, after the submit has read an old list).
  const latest = useRef(items);
  const running = useRef(new Map<string, Promise<unknown>>());
  const sendAttachment = useSendAttachment().mutateAsync;

  const change = useCallback((next: (current: UploadItem[]) => UploadItem[]) => {
    latest.current = next(latest.current);
    setItems(latest.current);
  }, []);
  const update = useCallback(
    (key: string, changed: Partial<UploadItem>) =>
      change((current) => current.map((item) => (item.key === key ? { ...item, ...changed } : item))),
    [change],
  );

  const start = useCallback(
    (key: string, file: File) => {
      update(key, { status: "sending", progress: 0, error: null });
      const sending = sendAttachment({ file, onProgress: (progress) => update(key, { progress }) })
        .then(
          (attachment) => update(key, { status: "received", progress: 1, attachment, file: null }),
          (reason: unknown) => update(key, { status: "refused", error: attachmentRefusal(reason) }),
        )
        .finally(() => running.current.delete(key));
      running.current.set(key, sending);
    },
    [sendAttachment, update],
  );

  /** Adds the files chosen (or shared) and sends each one at once; those the rules refuse say why. */
  const add = useCallback(
    (files: Iterable<File>) => {
      const room = DIARY_LIMITS.maxAttachments - latest.current.filter((i) => i.status !== "refused").length;
      const rows: UploadItem[] = [];
      const toSend: [string, File][] = [];
      let taken = 0;
      for (const file of files) {
        const problem =
          taken >= room ? DIARY_MESSAGES.tooManyAttachments : validateAttachmentMeta(file.name, file.size);
        const key = nextKey();
        rows.push({
          key,
          name: file.name,
          size: file.size,
          status: problem ? "refused" : "sending",
          progress: 0,
          error: problem,
          attachment: null,
          // A file the rules refuse cannot be sent again as it is.
          file: problem ? null : file,
        });
        if (!problem) {
          taken += 1;
          toSend.push([key, file]);
        }
      }
      change((current) => [...current, ...rows]);
      for (const [key, file] of toSend) start(key, file);
    },
    [start, change],
  );

  const remove = useCallback(
    (key: string) => change((current) => current.filter((item) => item.key !== key)),
    [change],
  );

  const retry = useCallback(
    (key: string) => {
      const item = latest.current.find((row) => row.key === key);
      if (item?.file) start(key, item.file);
    },
    [start],
  );

  /** Waits for every send still running, then the ids to save, or why not yet. */
  const settled = useCallback(async (): Promise<UploadsOutcome> => {
    while (running.current.size > 0) await Promise.allSettled([...running.current.values()]);
    const list = latest.current;
    if (list.some((item) => item.status === "refused")) return { ids: null, problem: REFUSED_STILL_LISTED };
    return { ids: list.flatMap((item) => (item.attachment ? [item.attachment.id] : [])), problem: null };
  }, []);

  return { items, add, remove, retry, settled, sending: items.some((item) => item.status === "sending") };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
