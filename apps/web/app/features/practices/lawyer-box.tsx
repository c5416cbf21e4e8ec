import {
  NEVER_FOR_MINOR_SEXUAL_CONTENT,
  SERVICE_ACTIVE_FLAG,
} from "@argine/core/practices/available-services";
import { EVALUATIONS, evaluationLabel } from "@argine/core/practices/evaluation";
import {
  type PracticeDetail,
  PracticeEmailBodySchema,
  ServicesActiveSchema,
} from "@argine/core/practices/practices-api";
import { serviceTypeName } from "@argine/core/services/service-type";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FieldError, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import {
  emailClient,
  emailsQueryOptions,
  PRACTICES_QUERY_KEY,
  practiceQueryKey,
  questionsQueryOptions,
  setAdvicePrice,
  setEvaluation,
  setServicesActive,
} from "./practice-queries.ts";
import styles from "./practices.module.css";
import { answeredQuestions } from "./questionnaire-answers.ts";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

// The four flags, named like the services they switch (core's names, one place).
const SERVICE_FLAGS = Object.entries(SERVICE_ACTIVE_FLAG).map(
  ([code, flag]) => [flag, serviceTypeName(code), code] as const,
);
const NEVER_FOR_MINOR: readonly string[] = NEVER_FOR_MINOR_SEXUAL_CONTENT;

/** After a staff change: the answer is the new detail; lists and the advice price read again. */
function useDetailUpdate(practiceId: string) {
  const queryClient = useQueryClient();
  return async (detail: PracticeDetail) => {
    queryClient.setQueryData(practiceQueryKey(practiceId), detail);
    await queryClient.invalidateQueries({ queryKey: [...PRACTICES_QUERY_KEY, "list"] });
    await queryClient.invalidateQueries({ queryKey: [...practiceQueryKey(practiceId), "customService"] });
  };
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.lawyerPanel}>
      <h3 id={id} className={styles.subTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The lawyer box (spec §6: blue): the tools staff use on a practice. */
export function LawyerBox({ practice }: { practice: PracticeDetail }) {
  return (
    <section aria-labelledby="lawyer-box-title" className={styles.lawyerBox}>
      <h2 id="lawyer-box-title" className={styles.sectionTitle}>
        Area avvocato
      </h2>
      <div className={styles.lawyerGrid}>
        <EvaluationForm practice={practice} />
        <ServicesForm practice={practice} />
        <AdvicePriceForm practice={practice} />
        <EmailForm practice={practice} />
      </div>
      <Questions practiceId={practice.practiceId} />
    </section>
  );
}

function EvaluationForm({ practice }: { practice: PracticeDetail }) {
  const id = useId();
  const [value, setValue] = useState(practice.evaluation ?? "");
  const [status, setStatus] = useState("");
  const apply = useDetailUpdate(practice.practiceId);
  const save = useMutation({
    mutationFn: () => setEvaluation(practice.practiceId, value),
    onSuccess: async (detail) => {
      await apply(detail);
      setStatus("Valutazione salvata.");
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    if (value) save.mutate();
  };
  return (
    <Panel title="Valutazione">
      <form onSubmit={submit}>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            Valutazione della pratica
          </label>
          <select
            id={id}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={formStyles.control}
          >
            {practice.evaluation ? null : <option value="">Da valutare</option>}
            {EVALUATIONS.map((evaluation) => (
              <option key={evaluation} value={evaluation}>
                {evaluationLabel(evaluation)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={PRIMARY} disabled={save.isPending || !value}>
          Salva la valutazione
        </button>
      </form>
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </Panel>
  );
}

function ServicesForm({ practice }: { practice: PracticeDetail }) {
  // What may never be on for this case starts (and stays) off, whatever an older row holds.
  const [flags, setFlags] = useState(() => {
    const initial = ServicesActiveSchema.parse(practice);
    if (practice.minorSexualContent) {
      for (const code of NEVER_FOR_MINOR_SEXUAL_CONTENT) initial[SERVICE_ACTIVE_FLAG[code]] = false;
    }
    return initial;
  });
  const [status, setStatus] = useState("");
  const apply = useDetailUpdate(practice.practiceId);
  const save = useMutation({
    mutationFn: () => setServicesActive(practice.practiceId, flags),
    // A refusal (409, a minor's images) is said next to the form.
    meta: { hideError: true },
    onSuccess: async (detail) => {
      await apply(detail);
      setStatus("Servizi disponibili aggiornati.");
    },
  });
  const id = useId();
  const never = (code: string) => practice.minorSexualContent && NEVER_FOR_MINOR.includes(code);
  return (
    <Panel title="Servizi acquistabili">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setStatus("");
          save.mutate();
        }}
      >
        <fieldset
          className={formStyles.fieldset}
          aria-describedby={practice.minorSexualContent ? `${id}-minor` : undefined}
        >
          <legend className={formStyles.legend}>Il cliente può acquistare</legend>
          {practice.minorSexualContent ? (
            <p id={`${id}-minor`} className={formStyles.hint}>
              Vittima minorenne e immagini sessuali: l'acquisizione forense e il takedown non si possono
              attivare.
            </p>
          ) : null}
          {SERVICE_FLAGS.map(([flag, name, code]) => (
            <div key={flag} className={formStyles.checkboxRow}>
              <input
                id={`${id}-${flag}`}
                type="checkbox"
                checked={flags[flag]}
                disabled={never(code)}
                onChange={(event) => setFlags({ ...flags, [flag]: event.target.checked })}
                className={formStyles.checkboxInput}
              />
              <label htmlFor={`${id}-${flag}`} className={formStyles.checkboxLabel}>
                {name}
              </label>
            </div>
          ))}
        </fieldset>
        {save.isError ? <FormMessage tone="error">{toHttpError(save.error).message}</FormMessage> : null}
        <button type="submit" className={PRIMARY} disabled={save.isPending}>
          Salva i servizi
        </button>
      </form>
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </Panel>
  );
}

function AdvicePriceForm({ practice }: { practice: PracticeDetail }) {
  const id = useId();
  const [text, setText] = useState(
    practice.advicePrice === null ? "" : formatEuroInput(practice.advicePrice),
  );
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const apply = useDetailUpdate(practice.practiceId);
  const save = useMutation({
    mutationFn: (price: number | null) => setAdvicePrice(practice.practiceId, price),
    onSuccess: async (detail) => {
      await apply(detail);
      setStatus(detail.advicePrice === null ? "Consulenza ritirata." : "Prezzo della consulenza salvato.");
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    const price = parseEuroAmount(text);
    if (price === undefined || price <= 0) {
      setError(text.trim() ? MESSAGES.invalidNumber : MESSAGES.required);
      return;
    }
    setError(null);
    save.mutate(price);
  };
  return (
    <Panel title="Prezzo della consulenza">
      <form onSubmit={submit} noValidate>
        <div className={formStyles.field}>
          <label htmlFor={id} className={formStyles.label}>
            Prezzo in euro, IVA inclusa
          </label>
          <p id={`${id}-hint`} className={formStyles.hint}>
            Senza un prezzo la consulenza non è acquistabile su questa pratica.
          </p>
          <input
            id={id}
            inputMode="decimal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={formStyles.control}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          />
          <FieldError id={`${id}-error`} message={error ?? undefined} />
        </div>
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            Salva il prezzo
          </button>
          {practice.advicePrice === null ? null : (
            <button
              type="button"
              className={SECONDARY}
              disabled={save.isPending}
              onClick={() => {
                setText("");
                save.mutate(null);
              }}
            >
              Ritira la consulenza
            </button>
          )}
        </div>
      </form>
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </Panel>
  );
}

function EmailForm({ practice }: { practice: PracticeDetail }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [status, setStatus] = useState("");
  const send = useMutation({
    mutationFn: () => emailClient(practice.practiceId, { subject, body }),
    // A 409 (nobody to write to) is said here, next to the form, not in a modal.
    meta: { hideError: true },
    onSuccess: async () => {
      setSubject("");
      setBody("");
      setStatus("Email inviata al cliente.");
      await queryClient.invalidateQueries({ queryKey: emailsQueryOptions(practice.practiceId).queryKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    const parsed = PracticeEmailBodySchema.safeParse({ subject, body });
    const found: { subject?: string; body?: string } = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as "subject" | "body";
      found[field] ??= issue.message;
    }
    setErrors(found);
    if (parsed.success) send.mutate();
  };
  return (
    <Panel title="Scrivi un'email al cliente">
      <form onSubmit={submit} noValidate>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-subject`} className={formStyles.label}>
            Oggetto
          </label>
          <input
            id={`${id}-subject`}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            maxLength={200}
            className={formStyles.control}
            aria-invalid={errors.subject ? true : undefined}
            aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          />
          <FieldError id={`${id}-subject-error`} message={errors.subject} />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-body`} className={formStyles.label}>
            Messaggio
          </label>
          <textarea
            id={`${id}-body`}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={6}
            className={`${formStyles.control} ${formStyles.textarea}`}
            aria-invalid={errors.body ? true : undefined}
            aria-describedby={errors.body ? `${id}-body-error` : undefined}
          />
          <FieldError id={`${id}-body-error`} message={errors.body} />
        </div>
        {send.isError ? <FormMessage tone="error">{toHttpError(send.error).message}</FormMessage> : null}
        <button type="submit" className={PRIMARY} disabled={send.isPending}>
          Invia l'email
        </button>
      </form>
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </Panel>
  );
}

/** The questionnaire's answers, in its order and wording, as the client gave them. */
function Questions({ practiceId }: { practiceId: string }) {
  const questions = useQuery(questionsQueryOptions(practiceId));
  const answers = answeredQuestions(questions.data ?? {});
  return (
    <details className={styles.questions}>
      <summary>Risposte del questionario</summary>
      {answers.length ? (
        <dl className={styles.answers}>
          {answers.map(({ field, question, answer }) => (
            <div key={field}>
              <dt>{question}</dt>
              <dd>{answer}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>Nessuna risposta registrata.</p>
      )}
    </details>
  );
}
