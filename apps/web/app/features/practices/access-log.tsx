import { useQuery } from "@tanstack/react-query";
import { formatMoment } from "../../shared/ui/dates.ts";
import { accessLogQueryOptions } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

/**
 * "Chi ha visto la mia pratica" (the client's case page only): who among the staff opened the case or one of
 * its services, and when, newest first, from the audit log.
 */
export function AccessLogSection({ practiceId }: { practiceId: string }) {
  const log = useQuery(accessLogQueryOptions(practiceId));
  return (
    <PracticeSection title="Chi ha visto la mia pratica">
      {log.isPending ? <p>Caricamento…</p> : null}
      {log.error ? <p>Non è stato possibile caricare l'elenco: {log.error.message}</p> : null}
      {log.data?.length === 0 ? <p>Nessuno dello staff ha ancora aperto la tua pratica.</p> : null}
      {log.data?.length ? (
        <ul className={styles.messages}>
          {log.data.map((access, index) => (
            // The lines have no id of their own: two openings at the same moment are two lines all the same.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`${access.at}-${index}`} className={styles.message}>
              <p className={styles.messageMeta}>
                {access.name ?? "Account non più presente"} ({access.role}) · {formatMoment(access.at)}
              </p>
              <p>{access.what}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </PracticeSection>
  );
}
