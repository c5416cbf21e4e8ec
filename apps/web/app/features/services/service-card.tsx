import { mandateRequired } from "@argine/core/services/lifecycle";
import { serviceStatusMessage } from "@argine/core/services/service-messages";
import { SERVICE_TYPE } from "@argine/core/services/service-type";
import type { PracticeService } from "@argine/core/services/services-api";
import type { ReactNode } from "react";
import { formatMoment } from "../../shared/ui/dates.ts";
import { LegalizationPanel, useLegalizationCapture } from "../legalization/public.ts";
import { TakedownPanel } from "../takedown/public.ts";
import { DocumentButton } from "./document-button.tsx";
import { MandatePanel } from "./mandate-panel.tsx";
import styles from "./services.module.css";
import { UploadWidget } from "./upload-widget.tsx";

/**
 * A bought service on the case page: its status and message (spec §4), who works it, the defence mandate,
 * and its files. The client sends their file for the lawyer and opens the finished document; staff open the
 * client's file and send the finished document. `children`: staff's controls, given by the case page.
 */
export function ServiceCard({
  service,
  practiceClosed,
  staff,
  onChanged,
  children,
}: {
  service: PracticeService;
  practiceClosed: boolean;
  staff: boolean;
  /** Refreshes the practice detail after a change of the service's files or mandate. */
  onChanged: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { serviceId, serviceType, status, clientFile, document, assignedLawyer } = service;
  const cancelled = status === "CANCELLED";
  const legalization = serviceType === "LEGALIZATION";
  // The capture's session, shared with its panel (one request): its outcome words the status below.
  const capture = useLegalizationCapture(serviceId, legalization && !cancelled);
  const sentDocument = document?.uploadDate ? document : null;
  const { label, message } = serviceStatusMessage(serviceType, status, {
    downloadable: legalization
      ? Boolean(capture?.filesReadyAt && !capture.filesDeletedAt)
      : sentDocument !== null,
    capture,
  });
  // The capture's files come from its provider (ADR 021): no one uploads to it by hand.
  const takesFiles = SERVICE_TYPE.is(serviceType) && serviceType !== "LEGALIZATION" && !cancelled;
  const sentClientFile = clientFile?.uploadDate ? clientFile : null;
  return (
    <li className={styles.card}>
      <p className={styles.name}>
        {SERVICE_TYPE.label(serviceType)} <span className={styles.status}>({label})</span>
      </p>
      <p>{message}</p>
      {assignedLawyer ? <p>Avvocato: {assignedLawyer.name}</p> : null}
      {mandateRequired(serviceType) && !cancelled ? (
        <MandatePanel serviceId={serviceId} staff={staff} onChanged={onChanged} />
      ) : null}
      {serviceType === "TAKEDOWN" ? (
        <TakedownPanel
          serviceId={serviceId}
          staff={staff}
          open={!cancelled && !practiceClosed}
          onChanged={onChanged}
        />
      ) : null}
      {!staff && sentDocument ? (
        <div className={styles.actions}>
          <DocumentButton serviceId={serviceId} fileName={sentDocument.fileName} label="Apri il documento" />
        </div>
      ) : null}
      {staff && sentClientFile ? (
        <div className={styles.fileLine}>
          <span>
            File del cliente: <span className={styles.fileName}>{sentClientFile.fileName}</span>, inviato il{" "}
            {formatMoment(sentClientFile.uploadDate ?? "")}
          </span>
          <DocumentButton
            serviceId={serviceId}
            fileName={sentClientFile.fileName}
            label="Apri il file del cliente"
          />
        </div>
      ) : null}
      {/* Staff send the finished document; the client sends their file while the case is open. */}
      {takesFiles && (staff || !practiceClosed) ? (
        <UploadWidget
          serviceId={serviceId}
          serviceType={serviceType}
          file={staff ? document : clientFile}
          title={staff ? "Il documento finito per il cliente" : "I tuoi file per l'avvocato"}
          onChanged={onChanged}
        />
      ) : null}
      {serviceType === "LEGALIZATION" && !cancelled ? (
        <LegalizationPanel serviceId={serviceId} practiceClosed={practiceClosed} onChanged={onChanged} />
      ) : null}
      {children}
    </li>
  );
}
