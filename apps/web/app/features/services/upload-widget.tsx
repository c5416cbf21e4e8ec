import type { ServiceType } from "@argine/core/services/service-type";
import type { UploadedFile } from "@argine/core/services/services-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { UPLOAD_ACCEPT, validateUploadMeta } from "@argine/core/uploads/upload-rules";
import { type DragEvent, useId, useRef, useState } from "react";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import layoutStyles from "../../shared/ui/layout.module.css";
import { DocumentButton } from "./document-button.tsx";
import { useDeleteUpload, useSendUpload } from "./service-queries.ts";
import styles from "./services.module.css";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * One side's file of a service (spec §4 "File widget", §5 "Upload"): the client's file for the lawyer, or
 * the lawyer's finished document; the server decides the side from the caller. No file: "Carica un file"
 * and the drop area; a file chosen: its name, "Invia" and a delete icon; sent: its name and date, "Apri" and
 * "Elimina". On screens under 768px only the note that uploads are for desktops shows.
 */
export function UploadWidget({
  serviceId,
  serviceType,
  file,
  title,
  onChanged,
}: {
  serviceId: string;
  serviceType: ServiceType;
  /** This side's file as the practice detail has it; one without uploadDate was never completed. */
  file: UploadedFile | null;
  title: string;
  /** Refreshes the practice detail the file comes from. */
  onChanged: () => Promise<unknown>;
}) {
  const progressId = useId();
  const input = useRef<HTMLInputElement>(null);
  const modal = useModalStore();
  const [chosen, setChosen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragOver, setDragOver] = useState(false);
  const sent = file?.uploadDate ? file : null;

  const send = useSendUpload(serviceId, serviceType, setProgress, {
    // The widget says what went wrong beside the file, and its progress bar replaces the spinner.
    meta: { hideError: true, hideSpinner: true },
    onMutate: () => {
      setError(null);
      setProgress(0);
    },
    onSuccess: async () => {
      await onChanged();
      setChosen(null);
    },
    // The file stays chosen, so the user sees which one failed and may send it again or take it away.
    onError: (failure) => setError(failure.message),
  });
  const remove = useDeleteUpload(serviceId, serviceType, { onSuccess: () => onChanged() });

  const disabled = Boolean(sent || chosen || send.isPending);

  const choose = (picked: File | undefined) => {
    if (!picked || disabled) return;
    const problem = validateUploadMeta(picked.name, picked.size);
    setError(problem);
    setChosen(problem ? null : picked);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    choose(event.dataTransfer.files[0]);
  };

  const askToDelete = (fileName: string) =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi eliminare il file?",
      message: `Il file ${fileName} sarà eliminato. Potrai caricarne un altro quando vuoi.`,
      confirmLabel: "Sì, elimina il file",
      onConfirm: () => remove.mutateAsync(fileName),
    });

  return (
    // A group, not a landmark: staff see one per service, each with the same title.
    <fieldset className={styles.widget}>
      <legend className={styles.widgetTitle}>{title}</legend>
      <p className={layoutStyles.mobileOnly}>{MESSAGES.uploadDesktopOnly}</p>
      <div className={layoutStyles.desktopOnly}>
        {sent ? (
          <>
            <p className={styles.fileLine}>
              <span className={styles.fileName}>{sent.fileName}</span>
              <span>inviato il {formatMoment(sent.uploadDate ?? "")}</span>
            </p>
            <div className={styles.actions}>
              <DocumentButton serviceId={serviceId} fileName={sent.fileName} label="Apri" />
              <button type="button" className={SECONDARY} onClick={() => askToDelete(sent.fileName)}>
                Elimina
              </button>
            </div>
          </>
        ) : chosen ? (
          <>
            <p className={styles.fileLine}>
              <span className={styles.fileName}>{chosen.name}</span>
            </p>
            {send.isPending ? (
              <div className={styles.progress}>
                <label htmlFor={progressId}>Invio di {chosen.name} in corso</label>
                <progress id={progressId} max={100} value={Math.round(progress * 100)}>
                  {Math.round(progress * 100)}%
                </progress>
              </div>
            ) : null}
            <div className={styles.actions}>
              <button
                type="button"
                className={PRIMARY}
                disabled={send.isPending}
                onClick={() => send.mutate(chosen)}
              >
                Invia
              </button>
              <button
                type="button"
                className={styles.iconButton}
                aria-label={`Togli il file ${chosen.name}`}
                disabled={send.isPending}
                onClick={() => {
                  setChosen(null);
                  setError(null);
                }}
              >
                <TrashIcon />
              </button>
            </div>
          </>
        ) : (
          <div className={styles.actions}>
            <button type="button" className={SECONDARY} onClick={() => input.current?.click()}>
              Carica un file
            </button>
            <input
              ref={input}
              type="file"
              accept={UPLOAD_ACCEPT}
              hidden
              aria-label={title}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                // Choosing the same file again after a refusal must be noticed.
                event.target.value = "";
              }}
            />
          </div>
        )}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse gesture; "Carica un file" is the keyboard's way */}
        <div
          className={styles.dropzone}
          data-disabled={disabled || undefined}
          data-drag-over={dragOver || undefined}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          {MESSAGES.uploadHint}
        </div>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </div>
    </fieldset>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path
        fill="currentColor"
        d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
      />
    </svg>
  );
}
