import { CRIME_TYPE } from "@argine/core/feedback/crime-type";
import { EVALUATION } from "@argine/core/feedback/evaluation";
import { URGENT_BADGE } from "@argine/core/practices/human-review";
import { canWorkCases } from "@argine/core/practices/policy";
import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import {
  type PracticeSearch,
  type PracticeSearchForm,
  PracticeSearchSchema,
} from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, SelectField, TextField } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useLiveLists } from "./live-conversation.ts";
import { PracticeCard } from "./practice-card.tsx";
import { type PracticeFilters, practiceListQueryOptions, useUnreadCounts } from "./practice-queries.ts";
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
const CHOICE_KEYS = ["status", "evaluation", "crimeType", "assigned"] as const;
const FLAG_KEYS = ["urgent", "waiting", "anonymous"] as const;
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
  useLiveLists();
  const unreadOf = useUnreadCounts(list.data?.data ?? [], list.dataUpdatedAt);
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
              <PracticeCard practice={practice} staff={staff} unread={unreadOf(practice)} />
            </li>
          ))}
        </ul>
        <Pager label="Pagine dei risultati" page={page} pages={pages} capped={more} onChange={goTo} />
      </section>
    </>
  );
}

/** The form's values of the address's filters; a choice the form does not offer is left out. */
function searchFrom(params: URLSearchParams): PracticeSearchForm {
  const values: Record<string, string | boolean> = { q: params.get("q") ?? "" };
  for (const key of CHOICE_KEYS) {
    const value = params.get(key)?.trim() ?? "";
    values[key] = PracticeSearchSchema.shape[key].safeParse(value).success ? value : "";
  }
  for (const key of FLAG_KEYS) values[key] = params.get(key)?.trim() === "true";
  return values as unknown as PracticeSearchForm;
}

/** The address of a search, its filters in FILTER_KEYS' order. */
function addressOf(search: PracticeSearch): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value === true) next.set(key, "true");
    else if (typeof value === "string" && value !== "") next.set(key, value);
  }
  return next;
}

/** The address's filters alone, without its page. */
function filtersOf(params: URLSearchParams): URLSearchParams {
  const filters = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters.set(key, value);
  }
  return filters;
}

const STATUS_OPTIONS = PRACTICE_STATUS.values.map((s) => ({ value: s, label: PRACTICE_STATUS.label(s) }));
const EVALUATION_OPTIONS = EVALUATION.values.map((e) => ({ value: e, label: EVALUATION.label(e) }));
const CRIME_OPTIONS = CRIME_TYPE.values.map((c) => ({ value: c, label: CRIME_TYPE.label(c) }));
const ASSIGNED_OPTIONS = [
  { value: "mine", label: "Mie" },
  { value: "unassigned", label: "Non assegnate" },
];

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
  const filters = filtersOf(params).toString();
  /**
   * The filters this form put in the address that the page has not shown yet, oldest first: the form holds
   * them already (and maybe more typing). More than one when choices come faster than the page renders (a
   * slow phone), and a render may skip one.
   */
  const sent = useRef<string[]>([]);
  const search = useCheckedForm<PracticeSearchForm, PracticeSearch, PracticeSearch>({
    resolver: schemaResolver(PracticeSearchSchema),
    defaultValues: searchFrom(params),
    fieldNames: [],
    focusOnInvalid: "field",
    // Nothing goes to the server: the list shows its own loading.
    hideSpinner: true,
    send: async (chosen) => chosen,
    // Another search starts from the first page; the same one keeps the page.
    onSuccess: (chosen) => {
      const next = addressOf(chosen);
      if (next.toString() === filters) return;
      sent.current.push(next.toString());
      onSearch(next);
    },
  });
  const { form, field, onSubmit } = search;

  // Back, Forward or a link change the address's filters: the form follows them (another page keeps it).
  // Filters the form sent itself leave it as it is, with what was typed since.
  const follow = useEffectEvent(() => {
    const own = sent.current.indexOf(filters);
    if (own === -1) form.reset(searchFrom(params));
    sent.current = own === -1 ? [] : sent.current.slice(own + 1);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: new filters in the address are what the form follows
  useEffect(() => follow(), [filters]);

  // Each key typed restarts the pause; a change of the address (another filter) too, with the new address.
  const text = form.watch("q");
  const applyLater = useEffectEvent(() => void onSubmit());
  useEffect(() => {
    if (text.trim() === applied.trim()) return;
    const timer = setTimeout(applyLater, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, applied]);

  // A choice applies at once.
  const chosen = (name: (typeof CHOICE_KEYS)[number] | (typeof FLAG_KEYS)[number]) =>
    field(name, { onChange: () => void onSubmit() });
  return (
    <search className={styles.search}>
      <form onSubmit={onSubmit} aria-label="Cerca e filtra le pratiche" noValidate>
        <div className={styles.searchRow}>
          <TextField
            label="Nome del cliente o numero di pratica"
            type="search"
            maxLength={100}
            {...field("q")}
          />
        </div>
        <div className={styles.filters}>
          <SelectField label="Stato" options={STATUS_OPTIONS} placeholder="Tutti" {...chosen("status")} />
          <SelectField
            label="Valutazione"
            options={EVALUATION_OPTIONS}
            placeholder="Tutti"
            {...chosen("evaluation")}
          />
          <SelectField label="Reato" options={CRIME_OPTIONS} placeholder="Tutti" {...chosen("crimeType")} />
          <SelectField
            label="Presa in carico"
            options={ASSIGNED_OPTIONS}
            placeholder="Tutti"
            {...chosen("assigned")}
          />
        </div>
        <div className={styles.checkboxFilters}>
          <CheckboxField label={URGENT_BADGE} {...chosen("urgent")} />
          <CheckboxField label="In attesa di risposta" {...chosen("waiting")} />
          <CheckboxField label="Solo pratiche anonime" {...chosen("anonymous")} />
        </div>
      </form>
    </search>
  );
}
