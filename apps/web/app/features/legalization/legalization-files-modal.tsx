import type { LegalizationFiles } from "@argine/core/legalization/legalization-api";
import { Modal } from "../../shared/modal/modal.tsx";
import { LegalizationArchiveButton } from "../retention/public.ts";
import styles from "./legalization.module.css";

/**
 * The files link in a modal (spec §7): each file's short-lived link and hash, the report's hash, and all of
 * them as one .zip to keep after the year the product keeps them.
 */
export function LegalizationFilesModal({
  files,
  serviceId,
  ticketCode,
  onClose,
}: {
  files: LegalizationFiles;
  serviceId: string;
  ticketCode: string;
  onClose: () => void;
}) {
  return (
    <Modal title="I file della legalizzazione" onClose={onClose}>
      <p>
        I link valgono pochi minuti: scarica i file ora e conservali. Il rapporto (report.pdf) elenca
        l'impronta SHA-256 di ogni file, così chiunque può verificare che non siano stati modificati.
      </p>
      {files.reportSha256 ? (
        <p>
          Impronta SHA-256 del rapporto: <code className={styles.hash}>{files.reportSha256}</code>
        </p>
      ) : null}
      <ul className={styles.files}>
        {files.files.map((file) => (
          <li key={file.name}>
            <a href={file.url} download={file.name}>
              Scarica {file.name}
            </a>{" "}
            ({file.size} byte)
            <br />
            <span className={styles.hashLabel}>SHA-256:</span>{" "}
            <code className={styles.hash}>{file.sha256}</code>
          </li>
        ))}
      </ul>
      <LegalizationArchiveButton serviceId={serviceId} ticketCode={ticketCode} />
    </Modal>
  );
}
