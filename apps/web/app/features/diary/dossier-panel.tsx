import type { Dossier } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import styles from "./diary.module.css";
import { episodesCount } from "./diary-format.ts";
import { dossierQueryOptions, useCreateDossier } from "./diary-queries.ts";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * «Prepara il dossier»: a job makes the PDF and the ZIP of the episodes (one practice's, or the whole diary);
 * its progress shows as a bar, read again until it is ready, then «Scarica il PDF» and «Scarica lo ZIP».
 * Keyed by its scope where it is shown: another filter starts from the button again.
 */
export function DossierPanel({
  practiceId,
  entries,
  scope,
}: {
  /** One practice's episodes, or null for the whole diary. */
  practiceId: string | null;
  /** How many episodes it will hold: none, and there is nothing to prepare. */
  entries: number;
  /** What the dossier holds, in words ("tutti gli episodi del diario"). */
  scope: string;
}) {
  const [dossierId, setDossierId] = useState<string | null>(null);
  const create = useCreateDossier({
    meta: { hideError: true },
    onSuccess: (dossier) => setDossierId(dossier.id),
  });
  const dossier = useQuery({ ...dossierQueryOptions(dossierId ?? ""), enabled: dossierId !== null });
  const current = dossierId ? dossier.data : undefined;
  const working =
    create.isPending ||
    (current !== undefined && (current.state === "QUEUED" || current.state === "RUNNING"));
  const error = create.error?.message ?? (dossier.error && dossierId ? dossier.error.message : null);
  return (
    <section className={styles.section} aria-labelledby="diary-dossier">
      <h2 id="diary-dossier" className={styles.sectionTitle}>
        Il dossier
      </h2>
      <p className={styles.intro}>
        Un PDF con {scope} in ordine di data, e uno ZIP con i file originali e i sigilli che provano che non
        sono stati modificati. Puoi portarli a chi riceve la querela o al tuo avvocato.
      </p>
      {entries === 0 ? (
        <p className={styles.hint}>{DIARY_MESSAGES.dossierEmpty}</p>
      ) : (
        <p>
          <button
            type="button"
            className={current?.state === "READY" ? SECONDARY : PRIMARY}
            disabled={working}
            onClick={() => create.mutate(practiceId)}
          >
            {current?.state === "READY" || current?.state === "FAILED"
              ? "Prepara di nuovo il dossier"
              : "Prepara il dossier"}
          </button>
        </p>
      )}
      {current && (current.state === "QUEUED" || current.state === "RUNNING") ? (
        <Progress dossier={current} />
      ) : null}
      <StatusRegion>{current?.state === "READY" ? <Ready dossier={current} /> : null}</StatusRegion>
      {current?.state === "FAILED" ? (
        <FormMessage tone="error">{DIARY_MESSAGES.dossierFailed}</FormMessage>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </section>
  );
}

function Progress({ dossier }: { dossier: Dossier }) {
  return (
    <div>
      <p id="dossier-progress-label" className={styles.hint}>
        {dossier.state === "QUEUED"
          ? "Il dossier è in coda…"
          : `Preparazione del dossier: ${dossier.progress}%`}
      </p>
      {/* A native bar (no inline style); its value said again for the assistive tech that reads ARIA only. */}
      <progress
        className={styles.progress}
        aria-labelledby="dossier-progress-label"
        max={100}
        value={dossier.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={dossier.progress}
      >
        {dossier.progress}%
      </progress>
    </div>
  );
}

function Ready({ dossier }: { dossier: Dossier }) {
  return (
    <div>
      <FormMessage tone="success">
        <p>Il dossier è pronto: {episodesCount(dossier.entries)}.</p>
      </FormMessage>
      <p className={`${styles.links} ${styles.actions}`}>
        {dossier.pdf ? (
          <a className={PRIMARY} href={dossier.pdf.url} target="_blank" rel="noopener noreferrer">
            Scarica il PDF<span className="visually-hidden"> (si apre in una nuova scheda)</span>
          </a>
        ) : null}
        {dossier.zip ? (
          <a className={SECONDARY} href={dossier.zip.url} download>
            Scarica lo ZIP
          </a>
        ) : null}
      </p>
    </div>
  );
}
