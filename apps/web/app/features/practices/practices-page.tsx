import { CRIME_TYPE } from "@argine/core/feedback/crime-type";
import { EVALUATION } from "@argine/core/feedback/evaluation";
import { URGENT_BADGE } from "@argine/core/practices/human-review";
import { canWorkCases } from "@argine/core/practices/policy";
import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useEffectEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, SelectOptions } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { PracticeCard } from "./practice-card.tsx";
import { type PracticeFilters, practiceListQueryOptions } from "./practice-queries.ts";
import styles from "./practices.module.css";

const PAGE_SIZE = 20;
const FILTER_KEYS = [
  "q",
  "status",
  "evaluation",
  "crimeType",
  "assigned",
  "anonymous",
  "urgent",
  "waiting",
] as const;
/** The pause after the last key typed before the search runs. */
const TYPING_PAUSE_MS = 350;

/** The filters live in the address, so Back, reload and a shared link keep them. */
function filtersFrom(params: URLSearchParams): PracticeFilters {
  const filters: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const page = Number(params.get("page"));
  filters.page = Number.isInteger(page) && page > 1 ? page : 1;
  filters.pageSize = PAGE_SIZE;
  return filters as PracticeFilters;
}

/** /dashboard/practices: a client's own practices; for lawyers and admins every practice, searchable. */
export function PracticesPage() {
  const staff = canWorkCases(useCurrentUser()?.roles);
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useQuery(practiceListQueryOptions(filters));
  const page = filters.page ?? 1;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  // Past the counted cap there may be more pages than the total says: a full page means "go on".
  const more = list.data?.totalCapped === true && list.data.data.length === PAGE_SIZE;
  const goTo = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set("page", String(next));
    setParams(copy);
  };

  return (
    <>
      <h1 className={styles.title}>{staff ? "Tutte le pratiche" : "Le tue pratiche"}</h1>
      <p className={styles.intro}>
        {staff
          ? "Cerca per nome del cliente o numero di pratica e filtra per stato, valutazione, reato e presa in carico: l'elenco si aggiorna mentre scegli. I casi da esaminare subito vengono prima degli altri. Le pratiche anonime non mostrano chi è il cliente."
          : "Qui trovi i casi aperti con Argine: apri una pratica per vedere il feedback, i servizi e per scrivere al tuo avvocato."}
      </p>
      {staff ? <SearchForm params={params} onSearch={setParams} /> : null}
      <section aria-labelledby="practices-results" aria-busy={list.isFetching}>
        <h2 id="practices-results" className={styles.resultsTitle}>
          {list.data
            ? list.data.totalCapped
              ? `Più di ${list.data.total.toLocaleString("it-IT")} pratiche: affina la ricerca`
              : `${list.data.total} ${list.data.total === 1 ? "pratica" : "pratiche"}`
            : list.isError
              ? "Pratiche"
              : "Caricamento delle pratiche…"}
        </h2>
        {list.isError ? (
          <p role="alert" className={formStyles.alert}>
            Non riusciamo a caricare le pratiche. Riprova fra qualche istante.
          </p>
        ) : null}
        {list.data?.total === 0 ? (
          <p>
            {staff
              ? "Nessuna pratica corrisponde alla ricerca."
              : "Non hai ancora pratiche: il questionario gratuito ne apre una per te."}
          </p>
        ) : null}
        <ul className={styles.cardList}>
          {list.data?.data.map((practice) => (
            <li key={practice.practiceId}>
              <PracticeCard practice={practice} staff={staff} />
            </li>
          ))}
        </ul>
        <Pager label="Pagine dei risultati" page={page} pages={pages} capped={more} onChange={goTo} />
      </section>
    </>
  );
}

/**
 * The staff's search and filters. They live in the address and apply as they change: a choice at once, the
 * typed text after a short pause (or on Enter), so every keystroke does not reach the server.
 */
function SearchForm({
  params,
  onSearch,
}: {
  params: URLSearchParams;
  onSearch: (next: URLSearchParams) => void;
}) {
  const applied = params.get("q") ?? "";
  const [text, setText] = useState(applied);
  // Back, Forward or a link change the address: the box follows it.
  useEffect(() => setText(applied), [applied]);

  // A choice shows at once, before the address (and the list) follow it.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const address = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address settles every pending choice
  useEffect(() => setChosen({}), [address]);
  const chosenValue = (name: string) => chosen[name] ?? params.get(name) ?? "";

  /** The address with one filter changed (and any choice still on its way), back on the first page. */
  const withFilter = (name: string, value: string) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const current = key === name ? value.trim() : chosenValue(key);
      if (current) next.set(key, current);
    }
    return next;
  };
  const apply = (name: string, value: string) => {
    setChosen((current) => ({ ...current, [name]: value }));
    const next = withFilter(name, value);
    if (next.toString() !== withFilter("page", "").toString()) onSearch(next);
  };

  // Each key typed restarts the pause; a change of the address (another filter) too, with the new address.
  const applyLater = useEffectEvent(() => apply("q", text));
  useEffect(() => {
    if (text.trim() === applied.trim()) return;
    const timer = setTimeout(applyLater, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply("q", text);
  };
  const select = (name: string, label: string, options: readonly { value: string; label: string }[]) => (
    <FieldFrame label={label}>
      {(control) => (
        <select
          {...control}
          name={name}
          value={chosenValue(name)}
          onChange={(event) => apply(name, event.target.value)}
          className={formStyles.control}
        >
          <SelectOptions options={options} placeholder="Tutti" />
        </select>
      )}
    </FieldFrame>
  );
  const checkbox = (name: string, label: string) => (
    <FieldFrame label={label} layout="checkbox">
      {(control) => (
        <input
          {...control}
          name={name}
          type="checkbox"
          checked={chosenValue(name) === "true"}
          onChange={(event) => apply(name, event.target.checked ? "true" : "")}
          className={formStyles.checkboxInput}
        />
      )}
    </FieldFrame>
  );
  return (
    <search className={styles.search}>
      <form onSubmit={submit} aria-label="Cerca e filtra le pratiche">
        <div className={styles.searchRow}>
          <FieldFrame label="Nome del cliente o numero di pratica">
            {(control) => (
              <input
                {...control}
                name="q"
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                className={formStyles.control}
                maxLength={100}
              />
            )}
          </FieldFrame>
        </div>
        <div className={styles.filters}>
          {select(
            "status",
            "Stato",
            PRACTICE_STATUS.values.map((s) => ({ value: s, label: PRACTICE_STATUS.label(s) })),
          )}
          {select(
            "evaluation",
            "Valutazione",
            EVALUATION.values.map((e) => ({ value: e, label: EVALUATION.label(e) })),
          )}
          {select(
            "crimeType",
            "Reato",
            CRIME_TYPE.values.map((c) => ({ value: c, label: CRIME_TYPE.label(c) })),
          )}
          {select("assigned", "Presa in carico", [
            { value: "mine", label: "Mie" },
            { value: "unassigned", label: "Non assegnate" },
          ])}
        </div>
        <div className={styles.checkboxFilters}>
          {checkbox("urgent", URGENT_BADGE)}
          {checkbox("waiting", "In attesa di risposta")}
          {checkbox("anonymous", "Solo pratiche anonime")}
        </div>
      </form>
    </search>
  );
}
