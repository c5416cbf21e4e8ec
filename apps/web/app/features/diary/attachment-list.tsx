import type { DiaryAttachment } from "@argine/core/diary/diary-api";
import { useEffect, useState } from "react";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import styles from "./diary.module.css";
import { fileSize, sealText, shortHash } from "./diary-format.ts";
import { attachmentLink } from "./diary-queries.ts";

const KIND_LABEL: Record<DiaryAttachment["kind"], string> = {
  image: "Immagine",
  pdf: "PDF",
  audio: "Audio",
  video: "Video",
};

/** The largest image shown as a thumbnail: bigger ones open with «Apri». */
const THUMBNAIL_MAX_BYTES = 8 * 1024 * 1024;

/**
 * An episode's attachments: each with its kind, size and seal, and «Apri» (a short-lived link, in a new
 * tab). With `thumbnails`, an image is shown inside the page, read into memory (never into the browser's
 * cache, never in a title or a notification).
 */
export function AttachmentList({
  attachments,
  thumbnails = true,
}: {
  attachments: readonly DiaryAttachment[];
  thumbnails?: boolean;
}) {
  return (
    <ul className={styles.attachmentList}>
      {attachments.map((attachment) => (
        <li key={attachment.id} className={styles.attachment}>
          {thumbnails && attachment.kind === "image" && attachment.size <= THUMBNAIL_MAX_BYTES ? (
            <Thumbnail attachmentId={attachment.id} />
          ) : null}
          <p className={styles.uploadName}>
            <span className={styles.fileName}>{attachment.fileName}</span>{" "}
            <span className={styles.muted}>
              {KIND_LABEL[attachment.kind]}, {fileSize(attachment.size)}
            </span>
          </p>
          <p className={styles.hint}>
            {sealText(attachment.sealedAt)}
            {attachment.sha256 ? (
              <>
                {" "}
                · SHA-256 <span className={styles.hash}>{shortHash(attachment.sha256)}</span>
              </>
            ) : null}
          </p>
          <OpenAttachment attachment={attachment} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Opens an attachment in a new tab. The tab is opened during the click, before the link is asked for, then
 * sent to it: a tab opened after a request would be stopped by the popup blocker (as the services' files).
 */
function OpenAttachment({ attachment }: { attachment: DiaryAttachment }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setError(null);
    setBusy(true);
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    try {
      const { url } = await attachmentLink(attachment.id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (reason) {
      tab?.close();
      setError(toHttpError(reason).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={open}
        disabled={busy}
      >
        Apri<span className="visually-hidden"> {attachment.fileName}</span>
      </button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}

/** Reads a blob into a data: URL (the page's images allow data:, never blob:). */
const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * An image's thumbnail: its bytes fetched without the browser's cache and kept in the page's memory only.
 * Nothing when they cannot be read (the «Apri» button still opens it).
 */
function Thumbnail({ attachmentId }: { attachmentId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    (async () => {
      const { url } = await attachmentLink(attachmentId);
      const response = await fetch(url, { cache: "no-store", credentials: "omit", signal: stop.signal });
      if (!response.ok) return;
      const blob = await response.blob();
      if (!blob.type.startsWith("image/")) return;
      const data = await asDataUrl(blob);
      if (!stop.signal.aborted) setSrc(data);
    })().catch(() => {
      // A thumbnail is a convenience: «Apri» remains.
    });
    return () => stop.abort();
  }, [attachmentId]);
  if (!src) return null;
  // The image is the attachment the line below names; its words would only repeat it to a screen reader.
  // A format the browser cannot draw (HEIC outside Safari) shows nothing rather than a broken image.
  return <img src={src} alt="" className={styles.thumbnail} onError={() => setSrc(null)} />;
}
