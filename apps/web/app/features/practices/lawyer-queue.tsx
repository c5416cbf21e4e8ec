import type { PracticeQueue } from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import formStyles from "../../shared/ui/form.module.css";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { useLiveLists } from "./live-conversation.ts";
import { PracticeCard } from "./practice-card.tsx";
import { practiceQueueQueryOptions, useUnreadCounts } from "./practice-queries.ts";
import styles from "./practices.module.css";

// The lawyer's landing page is a work queue (ADR 011): what needs a person first, what nobody has taken,
// and who waits for an answer, each oldest first, so that nothing waits longest by being forgotten.

const SECTIONS: readonly {
  key: keyof PracticeQueue;
  title: string;
  intro: string;
  empty: string;
  /** The practices list with the section's filter, for more than the queue shows. */
  search: string;
}[] = [
  {
    key: "urgent",
    title: "Urgenti",
    intro: "Casi che una persona deve esaminare prima di ogni altro passo, non ancora presi in carico.",
    empty: "Nessun caso urgente da prendere in carico.",
    search: "urgent=true",
  },
  {
    key: "new",
    title: "Nuove",
    intro: "Pratiche aperte che nessun avvocato ha ancora preso in carico.",
    empty: "Nessuna pratica nuova.",
    search: "assigned=unassigned",
  },
  {
    key: "waiting",
    title: "In attesa di risposta",
    intro: "Il cliente ha scritto l'ultimo commento e aspetta una risposta.",
    empty: "Nessun cliente in attesa di risposta.",
    search: "waiting=true",
  },
];

export function LawyerQueue() {
  const queue = useQuery(practiceQueueQueryOptions());
  useLiveLists();
  const unreadOf = useUnreadCounts(
    SECTIONS.flatMap((section) => queue.data?.[section.key].data ?? []),
    queue.dataUpdatedAt,
  );
  if (queue.isError) {
    return (
      <p role="alert" className={formStyles.alert}>
        Non riusciamo a caricare la coda di lavoro. Riprova fra qualche istante.
      </p>
    );
  }
  return (
    <div aria-busy={queue.isPending}>
      <h2 className={styles.sectionTitle}>La tua coda di lavoro</h2>
      <p className={styles.intro}>Le pratiche più vecchie vengono per prime.</p>
      {SECTIONS.map((section) => {
        const list = queue.data?.[section.key];
        return (
          <TitledSection
            key={section.key}
            id={`queue-${section.key}`}
            title={
              <>
                {section.title}
                {list ? ` (${list.totalCapped ? `più di ${list.total}` : list.total})` : ""}
              </>
            }
            level={3}
            className={styles.queueSection}
            titleClassName={styles.queueTitle}
          >
            <p className={styles.note}>{section.intro}</p>
            {!list ? (
              <p className={styles.loading}>Caricamento…</p>
            ) : list.data.length === 0 ? (
              <p>{section.empty}</p>
            ) : (
              <>
                <ul className={styles.cardList}>
                  {list.data.map((practice) => (
                    <li key={practice.practiceId}>
                      <PracticeCard practice={practice} staff headingLevel={4} unread={unreadOf(practice)} />
                    </li>
                  ))}
                </ul>
                {list.total > list.data.length ? (
                  <p>
                    <Link to={`${PRACTICES_PATH}?${section.search}`}>
                      Vedi tutte le pratiche «{section.title}»
                    </Link>
                  </p>
                ) : null}
              </>
            )}
          </TitledSection>
        );
      })}
    </div>
  );
}
