import { HUMAN_REVIEW_TEXTS, MINOR_SEXUAL_CONTENT_HELP } from "@argine/core/practices/human-review";
import { canReleaseAssignment } from "@argine/core/practices/policy";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { assignmentText } from "./practice-card.tsx";
import { useReleasePractice, useTakePractice } from "./practice-queries.ts";
import styles from "./practices.module.css";

// The case page's parts for a case a person must look at first (ADR 011): why, said to staff plainly and
// to the client calmly; where a minor's sexual images are reported instead of any capture or takedown; and
// who took the case in charge.

/** Why the case waits for a person. Staff read the reason; the client reads that a lawyer looks first. */
export function ReviewBanner({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const reason = practice.humanReviewReason;
  if (!reason) return null;
  const texts = HUMAN_REVIEW_TEXTS[reason];
  return (
    <TitledSection
      title={
        staff
          ? practice.urgent
            ? "Da esaminare subito"
            : "Caso da esaminare con attenzione"
          : "Un avvocato esamina per primo il tuo caso"
      }
      className={`${styles.reviewBanner} ${staff ? "" : styles.reviewBannerCalm}`}
      titleClassName={styles.bannerTitle}
    >
      <p>{staff ? texts.staff : texts.client}</p>
    </TitledSection>
  );
}

/** A minor's sexual images: the authorities and Take It Down, never a capture or a takedown of ours. */
export function MinorSexualContentHelp({ practice }: { practice: PracticeDetail }) {
  if (!practice.minorSexualContent) return null;
  return (
    <TitledSection
      title="Dove chiedere aiuto subito"
      className={styles.helpBox}
      titleClassName={styles.bannerTitle}
    >
      <p>
        Per le immagini sessuali di una persona minorenne non facciamo copie né richieste di rimozione: se ne
        occupano queste strade, gratuite e dedicate.
      </p>
      <ul className={styles.helpList}>
        {MINOR_SEXUAL_CONTENT_HELP.map((help) => (
          <li key={help.href}>
            <ExternalLink href={help.href}>{help.name}</ExternalLink>
            <p>{help.text}</p>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** "Prendi in carico" (staff): who has the case and since when, and the button to take it or let it go. */
export function AssignmentPanel({ practice }: { practice: PracticeDetail }) {
  const user = useCurrentUser();
  // A 409 (a colleague has it) is said next to the button, then the case shows who.
  const take = useTakePractice(practice.practiceId, { meta: { hideError: true } });
  const release = useReleasePractice(practice.practiceId, { meta: { hideError: true } });
  const text = assignmentText(practice);
  const canRelease = canReleaseAssignment(user && { userId: user.id, roles: user.roles }, {
    assignedLawyerId: practice.assignedLawyer?.id ?? null,
  });
  const failure = take.error ?? release.error;
  return (
    <section aria-label="Presa in carico" className={styles.assignment}>
      <p>{text ?? "Nessun avvocato ha ancora preso in carico la pratica."}</p>
      {text === null ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={take.isPending}
          onClick={() => {
            release.reset();
            take.mutate();
          }}
        >
          Prendi in carico
        </button>
      ) : canRelease ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={release.isPending}
          onClick={() => {
            take.reset();
            release.mutate();
          }}
        >
          Lascia la pratica
        </button>
      ) : null}
      <StatusRegion>
        {failure ? <FormMessage tone="error">{toHttpError(failure).message}</FormMessage> : null}
      </StatusRegion>
    </section>
  );
}
