import { COMPLAINT_GUIDE_TITLE, complaintGuide, minorOrSexualCase } from "@argine/core/diary/complaint-guide";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { DIARY_PATH } from "../../shared/navigation/navigation.ts";
import { practiceFeedbackQueryOptions } from "../feedback/public.ts";
import { practiceQueryOptions } from "../practices/public.ts";
import styles from "./diary.module.css";
import { withPractice } from "./diary-page.tsx";
import { useForgetDiaryOnQuickExit } from "./diary-queries.ts";

/**
 * /dashboard/diary/querela, «Come presentare la querela»: where and how, what to bring, and by when. With
 * `?practiceId=`, the terms of that practice's questionnaire result, and for a minor or sexual content who
 * helps first (core's minorOrSexualCase, as the dossier decides it); without, the general guide.
 */
export function ComplaintGuidePage() {
  useForgetDiaryOnQuickExit();
  const [params] = useSearchParams();
  const practiceId = params.get("practiceId");
  const practice = useQuery({
    ...practiceQueryOptions(practiceId ?? ""),
    enabled: practiceId !== null,
    meta: { hideError: true },
  });
  const feedback = useQuery({
    ...practiceFeedbackQueryOptions(practiceId ?? ""),
    enabled: practiceId !== null,
  });
  const waiting = practiceId !== null && (practice.isPending || feedback.isPending);
  const sections = complaintGuide({
    offences: feedback.data?.feedback.offences ?? [],
    today: romeCalendarDay(new Date()),
    minorOrSexual: minorOrSexualCase(feedback.data?.feedback ?? null),
  });
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={withPractice(DIARY_PATH, practice.data ? practiceId : null)}>← Diario degli episodi</Link>
      </p>
      <h1 className={styles.title}>{COMPLAINT_GUIDE_TITLE}</h1>
      <p className={styles.intro}>
        {practice.data
          ? `Una guida breve, con i termini della pratica ${practice.data.ticketCode} secondo la prima valutazione del questionario.`
          : "Una guida breve: dove andare, come si fa, che cosa portare ed entro quando."}{" "}
        Per il tuo caso, chiedi sempre anche al tuo avvocato.
      </p>
      {waiting ? (
        <p role="status">Caricamento della guida…</p>
      ) : (
        <div className={styles.guide}>
          {sections.map((section) => (
            <section key={section.heading} aria-labelledby={`guide-${slug(section.heading)}`}>
              <h2 id={`guide-${slug(section.heading)}`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
