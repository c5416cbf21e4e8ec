import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { DIARY_GUIDE_PATH, DIARY_NEW_PATH, DIARY_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { practiceListQueryOptions } from "../practices/public.ts";
import styles from "./diary.module.css";
import { episodesCount } from "./diary-format.ts";
import { entriesQueryOptions, useForgetDiaryOnQuickExit } from "./diary-queries.ts";
import { DossierPanel } from "./dossier-panel.tsx";
import { EntryList } from "./entry-list.tsx";

/** The filter's value for the episodes in no practice. */
const NO_PRACTICE = "nessuna";

/** Her practices (the first fifty: a person has a few), for the filter and the new episode's form. */
export const myPracticesQuery = () => ({
  ...practiceListQueryOptions({ page: 1, pageSize: 50 }),
  meta: { hideError: true },
});

/** What the filter says of a practice: its number. */
export const practiceLabel = (practice: Pick<PracticeSummary, "ticketCode">) =>
  `Pratica ${practice.ticketCode}`;

/** Where a link with the filter, the new episode or the guide of a practice goes. */
export const withPractice = (path: string, practiceId: string | null) =>
  practiceId ? `${path}?practiceId=${encodeURIComponent(practiceId)}` : path;

/**
 * /dashboard/diary, «Diario degli episodi»: what the diary is for, «Aggiungi un episodio», the filter by
 * practice, the episodes in the order they happened, the dossier and the complaint guide.
 */
export function DiaryPage() {
  useForgetDiaryOnQuickExit();
  const [params] = useSearchParams();
  const filter = params.get("practiceId") ?? "";
  const practices = useQuery(myPracticesQuery());
  const list = practices.data?.data ?? [];
  const practiceId = filter && filter !== NO_PRACTICE ? filter : null;
  const entries = useQuery(entriesQueryOptions(practiceId ?? undefined));
  const shown = (entries.data?.entries ?? []).filter(
    (entry) => filter !== NO_PRACTICE || entry.practiceId === null,
  );
  const chosen = practiceId ? list.find((practice) => practice.practiceId === practiceId) : undefined;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Diario degli episodi</h1>
      <p className={styles.intro}>
        Qui annoti, uno per uno, gli episodi che subisci: quando, dove, chi e che cosa è successo, con gli
        screenshot e le foto. Il diario è privato: lo vedi solo tu, finché non decidi di condividerlo con gli
        avvocati di una tua pratica. Ogni episodio viene sigillato con una marca temporale, che prova quando
        l'hai scritto e che da allora non è cambiato.
      </p>
      <p>
        <Link
          to={withPractice(DIARY_NEW_PATH, practiceId)}
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.large} ${styles.addButton}`}
        >
          Aggiungi un episodio
        </Link>
      </p>
      {list.length ? (
        <nav aria-label="Filtra per pratica">
          <ul className={styles.filters}>
            <Filter to={DIARY_PATH} current={filter === ""} label="Tutti" />
            {list.map((practice) => (
              <Filter
                key={practice.practiceId}
                to={withPractice(DIARY_PATH, practice.practiceId)}
                current={filter === practice.practiceId}
                label={practiceLabel(practice)}
              />
            ))}
            <Filter
              to={withPractice(DIARY_PATH, NO_PRACTICE)}
              current={filter === NO_PRACTICE}
              label="Senza pratica"
            />
          </ul>
        </nav>
      ) : null}
      <section aria-labelledby="diary-entries" aria-busy={entries.isFetching}>
        <h2 id="diary-entries" className={styles.sectionTitle}>
          {entries.data ? `Gli episodi: ${episodesCount(shown.length)}` : "Gli episodi"}
        </h2>
        {entries.isError ? (
          <FormMessage tone="error">{entries.error.message}</FormMessage>
        ) : entries.isPending ? (
          <p role="status">Caricamento del diario…</p>
        ) : shown.length === 0 ? (
          <EmptyDiary filtered={filter !== ""} />
        ) : (
          <EntryList entries={shown} />
        )}
      </section>
      {entries.data ? (
        <DossierPanel
          key={filter || "all"}
          practiceId={practiceId}
          entries={practiceId ? shown.length : entries.data.entries.length}
          scope={
            chosen
              ? `gli episodi della ${practiceLabel(chosen).toLowerCase()}`
              : "tutti gli episodi del diario"
          }
        />
      ) : null}
      <p>
        <Link to={withPractice(DIARY_GUIDE_PATH, practiceId)}>Come presentare la querela</Link>
        <span className={styles.muted}>: dove andare, che cosa portare, entro quando.</span>
      </p>
    </div>
  );
}

function Filter({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <li>
      <Link to={to} className={styles.filter} aria-current={current ? "page" : undefined}>
        {label}
      </Link>
    </li>
  );
}

function EmptyDiary({ filtered }: { filtered: boolean }) {
  if (filtered) return <p>Nessun episodio qui. Puoi aggiungerne uno quando vuoi.</p>;
  return (
    <div className={styles.intro}>
      <p>Il diario è ancora vuoto.</p>
      <p>
        Serve a non perdere nulla di quello che succede: ogni volta che ricevi un messaggio, vedi un post o
        subisci qualcosa, annotalo qui con lo screenshot. Anche se non hai ancora una pratica, anche se ti
        sembra poco. Tanti episodi messi in fila mostrano quello che un episodio solo non dice, e il dossier
        li porta tutti alla querela o al tuo avvocato.
      </p>
    </div>
  );
}
