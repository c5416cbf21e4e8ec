import { EVALUATION } from "@argine/core/feedback/evaluation";
import {
  NEVER_FOR_MINOR_SEXUAL_CONTENT,
  SERVICE_ACTIVE_FLAG,
} from "@argine/core/practices/available-services";
import {
  type PracticeDetail,
  PracticeEmailBodySchema,
  ServicesActiveSchema,
} from "@argine/core/practices/practices-api";
import { SERVICE_TYPE } from "@argine/core/services/service-type";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import type { Resolver, ResolverResult } from "react-hook-form";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  CheckboxGroupField,
  FormEnd,
  SelectField,
  type SelectOption,
  SendError,
  StatusRegion,
  TextAreaField,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import {
  questionsQueryOptions,
  useEmailClient,
  useReopenPractice,
  useSetAdvicePrice,
  useSetEvaluation,
  useSetServicesActive,
} from "./practice-queries.ts";
import styles from "./practices.module.css";
import { answeredQuestions } from "./questionnaire-answers.ts";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

// The four flags, named like the services they switch (core's names, one place).
const SERVICE_FLAGS = Object.entries(SERVICE_ACTIVE_FLAG).map(
  ([code, flag]) => [flag, SERVICE_TYPE.label(code), code] as const,
);
const NEVER_FOR_MINOR: readonly string[] = NEVER_FOR_MINOR_SEXUAL_CONTENT;

/** Clears the panel's last status line before a submit, so the next one is announced again. */
function afterClearing(setStatus: (status: string) => void, onSubmit: (event: FormEvent) => Promise<void>) {
  return (event: FormEvent) => {
    setStatus("");
    return onSubmit(event);
  };
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} level={3} className={styles.lawyerPanel} titleClassName={styles.subTitle}>
      {children}
    </TitledSection>
  );
}

/** The lawyer box (spec §6: blue): the tools staff use on a practice. */
export function LawyerBox({ practice }: { practice: PracticeDetail }) {
  return (
    <TitledSection title="Area avvocato" className={styles.lawyerBox} titleClassName={styles.sectionTitle}>
      {practice.status === "CLOSED" ? <ReopenPanel practice={practice} /> : null}
      <div className={styles.lawyerGrid}>
        <EvaluationForm practice={practice} />
        <ServicesForm practice={practice} />
        <AdvicePriceForm practice={practice} />
        <EmailForm practice={practice} />
      </div>
      <Questions practiceId={practice.practiceId} />
    </TitledSection>
  );
}

/** ADR 006: only staff reopen a closed practice, after confirming; its work can then go on. */
function ReopenPanel({ practice }: { practice: PracticeDetail }) {
  const modal = useModalStore();
  const reopen = useReopenPractice(practice.practiceId);
  const ask = () =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi riaprire la pratica?",
      message: `La pratica ${practice.ticketCode} tornerà aperta: il cliente potrà di nuovo inviare file e acquistare servizi, e il lavoro sui servizi potrà riprendere.`,
      confirmLabel: "Sì, riapri la pratica",
      onConfirm: () => reopen.mutateAsync(),
    });
  return (
    <div className={styles.lawyerWide}>
      <Panel title="Pratica chiusa">
        <p>La pratica è chiusa: per riprendere il lavoro riaprila.</p>
        <button type="button" className={PRIMARY} disabled={reopen.isPending} onClick={ask}>
          Riapri la pratica
        </button>
      </Panel>
    </div>
  );
}

const EVALUATION_OPTIONS: readonly SelectOption[] = EVALUATION.values.map((evaluation) => ({
  value: evaluation,
  label: EVALUATION.label(evaluation),
}));

function EvaluationForm({ practice }: { practice: PracticeDetail }) {
  const [status, setStatus] = useState("");
  const save = useSetEvaluation(practice.practiceId, {
    onSuccess: () => {
      setStatus("Valutazione salvata.");
    },
  });
  const { form, register, onSubmit } = useCheckedForm({
    // The button stays disabled until a value is chosen, so there is nothing to check.
    resolver: async (values: { evaluation: string }) => ({ values, errors: {} }),
    defaultValues: { evaluation: practice.evaluation ?? "" },
    fieldNames: [],
    // A failure opens the error modal (this mutation's), as every staff tool here.
    send: ({ evaluation }) => save.mutateAsync(evaluation),
  });
  const value = form.watch("evaluation");
  return (
    <Panel title="Valutazione">
      <form onSubmit={afterClearing(setStatus, onSubmit)}>
        <SelectField
          label="Valutazione della pratica"
          placeholder={practice.evaluation ? undefined : "Da valutare"}
          options={EVALUATION_OPTIONS}
          registration={register("evaluation")}
        />
        <button type="submit" className={PRIMARY} disabled={save.isPending || !value}>
          Salva la valutazione
        </button>
      </form>
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </Panel>
  );
}

interface ServicesValues {
  /** The codes of the services the client may buy. */
  services: string[];
}

/** The services a practice offers for sale, as the codes of the ticked boxes. */
function tickedServices(practice: PracticeDetail): string[] {
  return SERVICE_FLAGS.filter(([flag, , code]) => practice[flag] && !neverFor(practice, code)).map(
    ([, , code]) => code,
  );
}

/** What may never be on for this case (a minor's sexual images: no capture, no takedown). */
function neverFor(practice: PracticeDetail, code: string): boolean {
  return practice.minorSexualContent && NEVER_FOR_MINOR.includes(code);
}

function ServicesForm({ practice }: { practice: PracticeDetail }) {
  const never = (code: string) => neverFor(practice, code);
  const setServicesActive = useSetServicesActive(practice.practiceId, SENT_BY_FORM);
  const services = useCheckedForm({
    // The ticked codes become the four flags; what may never be on stays off, whatever an older row holds.
    resolver: async ({ services: ticked }: ServicesValues) => ({
      values: ServicesActiveSchema.parse(
        Object.fromEntries(
          SERVICE_FLAGS.map(([flag, , code]) => [flag, ticked.includes(code) && !never(code)]),
        ),
      ),
      errors: {},
    }),
    defaultValues: { services: tickedServices(practice) },
    fieldNames: [],
    send: setServicesActive.mutateAsync,
    onSuccess: (detail) => {
      // What is saved is the form's new starting point: it reads "saved" until changed again.
      services.form.reset({ services: tickedServices(detail) });
    },
  });
  return (
    <Panel title="Servizi acquistabili">
      <form noValidate onSubmit={services.onSubmit}>
        <CheckboxGroupField
          label="Il cliente può acquistare"
          hint={
            practice.minorSexualContent
              ? "Vittima minorenne e immagini sessuali: l'acquisizione forense e il takedown non si possono attivare."
              : undefined
          }
          options={SERVICE_FLAGS.map(([, name, code]) => ({
            value: code,
            label: name,
            disabled: never(code),
          }))}
          {...services.field("services")}
        />
        {/* A refusal (409, a minor's images) is said next to the form. */}
        <SendError error={services.submit.error} issuesPlaced={services.issuesPlaced} />
        <FormEnd form={services} label="Salva i servizi" savedMessage="Servizi disponibili aggiornati." />
      </form>
    </Panel>
  );
}

interface PriceValues {
  price: string;
}

/** The price as typed ("49,90"), checked and read in cents; nothing or zero is not a price. */
const priceResolver: Resolver<PriceValues, unknown, { price: number }> = ({
  price: text,
}): ResolverResult<PriceValues, { price: number }> => {
  const price = parseEuroAmount(text);
  if (price !== undefined && price > 0) return { values: { price }, errors: {} };
  const message = text.trim() ? MESSAGES.invalidNumber : MESSAGES.required;
  return { values: {}, errors: { price: { type: "validate", message } } };
};

function AdvicePriceForm({ practice }: { practice: PracticeDetail }) {
  const [status, setStatus] = useState("");
  const save = useSetAdvicePrice(practice.practiceId, {
    onSuccess: (detail) => {
      setStatus(detail.advicePrice === null ? "Consulenza ritirata." : "Prezzo della consulenza salvato.");
    },
  });
  const priceForm = useCheckedForm({
    resolver: priceResolver,
    defaultValues: { price: practice.advicePrice === null ? "" : formatEuroInput(practice.advicePrice) },
    fieldNames: [],
    focusOnInvalid: "field",
    // The save (and its error modal) is the one the withdraw button shares.
    send: ({ price }) => save.mutateAsync(price),
  });
  return (
    <Panel title="Prezzo della consulenza">
      <form onSubmit={afterClearing(setStatus, priceForm.onSubmit)} noValidate>
        <TextField
          label="Prezzo in euro, IVA inclusa"
          hint="Senza un prezzo la consulenza non è acquistabile su questa pratica."
          inputMode="decimal"
          {...priceForm.field("price")}
        />
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
                priceForm.form.setValue("price", "");
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

interface EmailValues {
  subject: string;
  body: string;
}

function EmailForm({ practice }: { practice: PracticeDetail }) {
  const [status, setStatus] = useState("");
  const emailClient = useEmailClient(practice.practiceId, SENT_BY_FORM);
  const mail = useCheckedForm({
    resolver: schemaResolver<EmailValues, EmailValues>(PracticeEmailBodySchema),
    defaultValues: { subject: "", body: "" },
    fieldNames: ["subject", "body"],
    focusOnInvalid: "field",
    send: emailClient.mutateAsync,
    onSuccess: () => {
      mail.form.reset({ subject: "", body: "" });
      setStatus("Email inviata al cliente.");
    },
  });
  return (
    <Panel title="Scrivi un'email al cliente">
      <form onSubmit={afterClearing(setStatus, mail.onSubmit)} noValidate>
        <TextField label="Oggetto" maxLength={200} {...mail.field("subject")} />
        <TextAreaField label="Messaggio" rows={6} {...mail.field("body")} />
        {/* A 409 (nobody to write to) is said here, next to the form, not in a modal. */}
        <SendError error={mail.submit.error} issuesPlaced={mail.issuesPlaced} />
        <button type="submit" className={PRIMARY} disabled={mail.submit.isPending}>
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
