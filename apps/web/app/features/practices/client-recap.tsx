import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { PRACTICES_PATH, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import { useLiveLists } from "./live-conversation.ts";
import { PracticeCard } from "./practice-card.tsx";
import { practiceListQueryOptions, useUnreadCounts } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

// A client has a handful of practices: one page holds them all.
export const ALL_OF_A_CLIENT = { page: 1, pageSize: 100 };
const SHOWN = 4;

/** The client recap and the latest practice cards on /dashboard (spec §2). */
export function ClientRecap() {
  const list = useQuery(practiceListQueryOptions(ALL_OF_A_CLIENT));
  useLiveLists();
  const unreadOf = useUnreadCounts(list.data?.data.slice(0, SHOWN) ?? [], list.dataUpdatedAt);
  if (!list.data) return null;
  const practices = list.data.data;
  const count = (status: string) => practices.filter((p) => p.status === status).length;
  return (
    <PracticeSection title="Le tue pratiche in breve">
      {practices.length === 0 ? (
        <p>
          Non hai ancora pratiche. Il <Link to={QUESTIONNAIRE_PATH}>questionario gratuito</Link> ti dice se
          c'è un reato e apre una pratica per te.
        </p>
      ) : (
        <>
          <dl className={styles.recapList}>
            {PRACTICE_STATUS.values.map((status) => (
              <div key={status}>
                <dt>{PRACTICE_STATUS.label(status)}</dt>
                <dd>{count(status)}</dd>
              </div>
            ))}
          </dl>
          <ul className={styles.cardList}>
            {practices.slice(0, SHOWN).map((practice) => (
              <li key={practice.practiceId}>
                <PracticeCard practice={practice} staff={false} unread={unreadOf(practice)} />
              </li>
            ))}
          </ul>
          {practices.length > SHOWN ? (
            <p>
              <Link to={PRACTICES_PATH}>Vedi tutte le pratiche ({practices.length})</Link>
            </p>
          ) : null}
        </>
      )}
    </PracticeSection>
  );
}
