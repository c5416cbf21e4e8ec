import { romeCalendarDay } from "@argine/core/feedback/calendar";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { errorCode, type HttpError } from "../http/http-error.ts";
import { PRIVACY_PATH } from "../layout/navigation.ts";
import { writeFeedbackClaim } from "../store/browser-storage.ts";
import buttonStyles from "../ui/button.module.css";
import formStyles from "../ui/form.module.css";
import { CheckboxField, FormMessage } from "../ui/form-field.tsx";
import { serverIssues, visibleError } from "../ui/form-state.ts";
import styles from "./feedback.module.css";
import { submitFeedback } from "./feedback-api.ts";
import { feedbackMemory, rememberDraft, rememberSubmission, useFeedbackMemory } from "./feedback-memory.ts";
import { QuestionField } from "./question-field.tsx";
import {
  type Draft,
  type DraftField,
  EMPTY_DRAFT,
  feedbackRequest,
  outlineDraft,
  STEP_COUNT,
  stepOfField,
  validateStep,
} from "./questionnaire-steps.ts";

// /feedback's questionnaire: one short step at a time, "Passo N di 7", back and forward without losing
// anything, and the two declarations before sending. The answers stay in this page's memory (see
// feedback-memory.ts); the result replaces the questionnaire in place, at the same address.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;
const LAST_STEP = STEP_COUNT - 1;

function today(): string {
  return romeCalendarDay(new Date());
}

/** What to say when sending failed for a reason no field explains. */
function sendFailure(error: HttpError): string {
  if (errorCode(error) === "TOO_MANY_REQUESTS") {
    return `${error.message} Le tue risposte sono ancora qui: puoi riprovare fra qualche minuto.`;
  }
  return `Non siamo riusciti a inviare le risposte (${error.message}). Le tue risposte sono ancora qui: riprova fra qualche istante.`;
}

export function Questionnaire() {
  const rememberedStep = useFeedbackMemory((memory) => memory.step);
  const [initialDraft] = useState(() => feedbackMemory.getState().draft ?? EMPTY_DRAFT);
  const stepRef = useRef(0);

  const resolver: Resolver<Draft> = (values) => {
    const problems = validateStep(values, stepRef.current, today());
    const entries = Object.entries(problems);
    if (entries.length === 0) return { values, errors: {} };
    const errors: FieldErrors<Draft> = {};
    for (const [field, message] of entries) {
      (errors as Record<string, { type: string; message: string }>)[field] = { type: "validate", message };
    }
    return { values: {}, errors };
  };

  const form = useForm<Draft>({ defaultValues: initialDraft, mode: "onTouched", resolver });
  const { handleSubmit, register, formState, getValues, setError, setFocus, clearErrors, watch } = form;
  const draft = watch();
  // Past the first step only once a category is chosen.
  const step = draft.category === "" ? 0 : Math.min(rememberedStep, LAST_STEP);
  stepRef.current = step;
  const outline = outlineDraft(draft);
  const current = outline.steps[step];

  const [failure, setFailure] = useState<string | null>(null);
  const [pendingFocus, setPendingFocus] = useState<DraftField | null>(null);

  const submit = useMutation({
    mutationFn: submitFeedback,
    meta: { hideError: true },
    onSuccess: ({ claimToken, ...submission }) => {
      // The only thing kept beyond this page, for this tab only: the proof that claims the practice after
      // sign-in (issue 12). Never the id alone in localStorage, where the next person could use it.
      writeFeedbackClaim({ practiceId: submission.practiceId, claimToken });
      rememberSubmission(submission);
    },
    onError: (error: HttpError) => {
      const values = getValues();
      const issue = serverIssues(error)
        .map(({ path, message }) => ({ field: path[0] === "answers" ? path[1] : path[0], message }))
        .find(({ field }) => field !== undefined && stepOfField(values, field) >= 0);
      if (issue?.field) {
        const field = issue.field as DraftField;
        goTo(stepOfField(values, field));
        setError(field, { type: "server", message: issue.message });
        setPendingFocus(field);
        return;
      }
      setFailure(sendFailure(error));
    },
  });

  function goTo(next: number) {
    rememberDraft(getValues(), next);
  }

  // Keep the answers when the page is left for another (the privacy policy…), not after sending them.
  useEffect(
    () => () => {
      if (!feedbackMemory.getState().submission) rememberDraft(form.getValues(), stepRef.current);
    },
    [form],
  );

  // A new step: show it from its progress line and move focus to its title, so keyboard and screen-reader
  // users start there.
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    sectionRef.current?.scrollIntoView?.({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  useEffect(() => {
    if (!pendingFocus) return;
    setFocus(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, setFocus]);

  if (!current) return null;
  const isLast = step === LAST_STEP;
  const sending = submit.isPending;

  return (
    <section ref={sectionRef} className={styles.questionnaire} aria-labelledby="step-title">
      {/* The progress is read as part of the step's title (which takes the focus), not twice. */}
      <div className={styles.progress} aria-hidden="true">
        <p className={styles.progressText}>
          Passo {step + 1} di {STEP_COUNT}
        </p>
        <progress className={styles.progressBar} value={step + 1} max={STEP_COUNT} />
      </div>
      <h2 id="step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        <span className="visually-hidden">
          Passo {step + 1} di {STEP_COUNT}:{" "}
        </span>
        <span data-step-title="">{current.step.title}</span>
      </h2>
      {current.step.intro ? <p className={styles.stepIntro}>{current.step.intro}</p> : null}

      <form
        className={`${formStyles.form} ${styles.form}`}
        noValidate
        onSubmit={handleSubmit((values) => {
          setFailure(null);
          if (!isLast) {
            goTo(step + 1);
            return;
          }
          submit.mutate(feedbackRequest(values));
        })}
      >
        {current.questions.map((question) => (
          <QuestionField key={question.field} question={question} form={form} today={today()} />
        ))}

        {isLast ? (
          <>
            <div className={styles.beforeSending}>
              <h3 className={styles.subTitle}>Prima di inviare</h3>
              <ul>
                <li>Ricevi subito una prima valutazione, gratuita e senza impegno.</li>
                <li>Creiamo una pratica riservata con un codice: potrai aprirla registrandoti, se vorrai.</li>
                <li>Usiamo le tue risposte solo per valutare il tuo caso.</li>
              </ul>
            </div>
            <CheckboxField
              label="Dichiaro che quanto ho riportato corrisponde al vero, per quanto ne so."
              required
              registration={register("statementOfTruth")}
              error={visibleError(formState, "statementOfTruth")}
            />
            <CheckboxField
              label={
                <>
                  Ho letto l'<Link to={PRIVACY_PATH}>informativa sulla privacy</Link> e acconsento al
                  trattamento dei miei dati per ricevere la valutazione.
                </>
              }
              required
              registration={register("privacyAccepted")}
              error={visibleError(formState, "privacyAccepted")}
            />
          </>
        ) : null}

        {failure ? (
          <FormMessage tone="error">
            <p>{failure}</p>
          </FormMessage>
        ) : null}

        <div className={styles.actions}>
          <button type="submit" className={PRIMARY} disabled={sending}>
            {isLast ? (sending ? "Invio in corso…" : "Invia e ricevi la valutazione") : "Avanti"}
          </button>
          {step > 0 ? (
            <button
              type="button"
              className={SECONDARY}
              disabled={sending}
              onClick={() => {
                setFailure(null);
                clearErrors();
                goTo(step - 1);
              }}
            >
              Indietro
            </button>
          ) : null}
        </div>
      </form>
      <p className={styles.pauseNote}>
        Puoi fermarti quando vuoi. Le risposte restano solo in questa pagina finché non le invii.
      </p>
    </section>
  );
}
