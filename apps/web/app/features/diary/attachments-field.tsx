import { ATTACHMENT_ACCEPT } from "@argine/core/diary/attachments";
import { DIARY_LIMITS } from "@argine/core/diary/entry";
import { fileSizeText } from "@argine/core/uploads/upload-rules";
import { useId, useRef } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import { FieldError } from "../../shared/ui/form-field.tsx";
import layoutStyles from "../../shared/ui/layout.module.css";
import type { AttachmentUploads, UploadItem } from "./attachment-uploads.ts";
import styles from "./diary.module.css";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * The episode's attachments: «Allega foto o file» (the gallery, the files), and on a phone «Scatta una foto»
 * too (the camera). Each file is sent as soon as it is chosen, with its progress, its refusal and a way to
 * take it away; the episode is saved with those received.
 */
export function AttachmentsField({ uploads, error }: { uploads: AttachmentUploads; error?: string | null }) {
  const id = useId();
  const files = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const pick = (input: HTMLInputElement) => {
    if (input.files?.length) uploads.add(Array.from(input.files));
    // The same file chosen again after a refusal must be noticed.
    input.value = "";
  };
  return (
    <fieldset className={styles.attachments} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}>
      <legend className={styles.legend}>Allegati</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        Screenshot e foto, PDF, audio o video, fino a {DIARY_LIMITS.maxAttachments} file. Ogni file viene
        caricato subito e sigillato con l'episodio.
      </p>
      <div className={styles.attachButtons}>
        <button type="button" className={SECONDARY} onClick={() => files.current?.click()}>
          Allega foto o file
        </button>
        <input
          ref={files}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          multiple
          hidden
          aria-label="Allega foto o file"
          onChange={(event) => pick(event.currentTarget)}
        />
        <span className={layoutStyles.mobileOnly}>
          <button type="button" className={SECONDARY} onClick={() => camera.current?.click()}>
            Scatta una foto
          </button>
        </span>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          aria-label="Scatta una foto"
          onChange={(event) => pick(event.currentTarget)}
        />
      </div>
      {uploads.items.length ? (
        <ul className={styles.uploads}>
          {uploads.items.map((item) => (
            <UploadRow key={item.key} item={item} uploads={uploads} />
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </fieldset>
  );
}

function UploadRow({ item, uploads }: { item: UploadItem; uploads: AttachmentUploads }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li className={styles.upload} data-status={item.status}>
      <p className={styles.uploadName}>
        <span className={styles.fileName}>{item.name}</span>{" "}
        <span className={styles.muted}>{fileSizeText(item.size)}</span>
      </p>
      {item.status === "sending" ? (
        <progress
          className={styles.uploadProgress}
          max={100}
          value={percent}
          aria-label={`Caricamento di ${item.name}`}
        >
          {percent}%
        </progress>
      ) : null}
      <p className={styles.uploadState} role={item.status === "refused" ? "alert" : undefined}>
        {item.status === "sending"
          ? `Caricamento… ${percent}%`
          : item.status === "received"
            ? "Caricato"
            : item.error}
      </p>
      <div className={styles.uploadActions}>
        {item.status === "refused" && item.file ? (
          <button type="button" className={buttonStyles.link} onClick={() => uploads.retry(item.key)}>
            Riprova<span className="visually-hidden"> a caricare {item.name}</span>
          </button>
        ) : null}
        <button
          type="button"
          className={buttonStyles.link}
          disabled={item.status === "sending"}
          onClick={() => uploads.remove(item.key)}
        >
          Togli<span className="visually-hidden"> {item.name}</span>
        </button>
      </div>
    </li>
  );
}
