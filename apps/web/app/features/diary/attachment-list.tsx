import { ATTACHMENT_KIND_LABELS } from "@argine/core/diary/attachments";
import type { DiaryAttachment } from "@argine/core/diary/diary-api";
import { capitalized } from "@argine/core/shared/italian-grammar";
import { fileSizeText } from "@argine/core/uploads/upload-rules";
import { useEffect, useState } from "react";
import { NewTabButton } from "../../shared/ui/new-tab-button.tsx";
import styles from "./diary.module.css";
import { sealText, shortHash } from "./diary-format.ts";
import { attachmentLink } from "./diary-queries.ts";

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
              {capitalized(ATTACHMENT_KIND_LABELS[attachment.kind])}, {fileSizeText(attachment.size)}
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

/** Opens an attachment in a new tab, by a short-lived link. */
function OpenAttachment({ attachment }: { attachment: DiaryAttachment }) {
  return (
    <div>
      <NewTabButton link={async () => (await attachmentLink(attachment.id)).url}>
        Apri<span className="visually-hidden"> {attachment.fileName}</span>
      </NewTabButton>
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
