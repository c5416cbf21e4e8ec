import {
  CONSULTATION_KIND,
  CONSULTATION_STATUS,
  type ConsultationKind,
  type ConsultationStatus,
} from "@argine/core/consultation/consultation-terms";
import { ExternalLink } from "../../shared/ui/external-link.tsx";

// What a consultation is, as the person reads it wherever it is shown (the manage page, her area): the
// rows of a <dl> the page puts with its own (the day and hour as that page words them), and the video link.

/** Modalità, Stato and, when attached, the practice's number. */
export function ConsultationFactRows({
  consultation,
}: {
  consultation: { kind: ConsultationKind; status: ConsultationStatus; practiceTicketCode: string | null };
}) {
  return (
    <>
      <dt>Modalità</dt>
      <dd>{CONSULTATION_KIND.label(consultation.kind)}</dd>
      <dt>Stato</dt>
      <dd>{CONSULTATION_STATUS.label(consultation.status)}</dd>
      {consultation.practiceTicketCode ? (
        <>
          <dt>Pratica</dt>
          <dd>{consultation.practiceTicketCode}</dd>
        </>
      ) : null}
    </>
  );
}

/** The video call's link staff sent, opened in a new tab (said so). */
export function VideoLink({ url }: { url: string }) {
  return <ExternalLink href={url}>Collegati alla videochiamata</ExternalLink>;
}
