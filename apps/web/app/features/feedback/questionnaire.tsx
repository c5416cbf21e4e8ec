import { romeCalendarDay } from "@argine/core/shared/calendar";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link, useLocation, useNavigate } from "react-router";
import { errorCode, type HttpError } from "../../shared/http/http-error.ts";
import { PRIVACY_PATH, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import { writeFeedbackClaim } from "../../shared/store/browser-storage.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, FormMessage } from "../../shared/ui/form-field.tsx";
import { serverIssues, visibleError } from "../../shared/ui/form-state.ts";
import styles from "./feedback.module.css";
import {
  forgetDraft,
  LAST_STEP,
  loadDraft,
  reachableStep,
  readStepState,
  rememberSubmission,
  type StepState,
  saveDraft,
} from "./feedback-memory.ts";
import { useSubmitFeedback } from "./feedback-queries.ts";
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
// anything, and the two declarations before sending. Each step is a history entry of the one /feedback
// address, so the browser's Back and Forward move between steps; the answers are kept in this tab's session
// storage until sent (see feedback-memory.ts); the result replaces the questionnaire in place.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

function today(): string {
  return romeCalendarDay(new Date());
}

/** What to say when sending failed for a reason no field explains. */
function sendFailure(error: HttpError): string {
  const code = errorCode(error);
  if (code === "TOO_MANY_REQUESTS") {
    return `${error.message} Le tue risposte sono ancora qui: puoi riprovare fra qualche minuto.`;
  }
  // Nobody answered (a process restarting): the message already says to retry, and is not a reason in brackets.
  if (code === "SERVICE_UNAVAILABLE") return `${error.message} Le tue risposte sono ancora qui.`;
  return `Non siamo riusciti a inviare le risposte (${error.message}). Le tue risposte sono ancora qui: riprova fra qualche istante.`;
}

export function Questionnaire({ intro }: { intro?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = readStepState(location.state);
  const [stored] = useState(loadDraft);
  const furthest = useRef(stored?.furthest ?? 0);
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

  const form = useForm<Draft>({ defaultValues: stored?.draft ?? EMPTY_DRAFT, mode: "onTouched", resolver });
  const { handleSubmit, register, formState, getValues, setError, setFocus, clearErrors, watch, reset } =
    form;
  const draft = watch();
  // The step the history entry asks for, once per entry: never past what the answers allow (an old entry
  // after the quick exit or a new start shows the first step, with nothing in it).
  const reachable = useMemo(
    () => reachableStep(getValues(), furthest.current, entry.step, today),
    [getValues, entry.step],
  );
  // Past the first step only once a category is chosen.
  const step = draft.category === "" ? 0 : reachable;
  stepRef.current = step;
  // How many entries behind this one are the steps before it, one by one.
  const depth = step === entry.step ? entry.depth : 0;
  const outline = outlineDraft(draft);
  const current = outline.steps[step];

  // Every answer goes to this tab's session storage as it is given, so Back, Forward and reload keep it.
  useEffect(() => {
    const subscription = watch(() => saveDraft({ draft: getValues(), furthest: furthest.current }));
    return () => subscription.unsubscribe();
  }, [watch, getValues]);

  // An entry that asked for a step the answers do not allow now shows (and records) the step they allow.
  useEffect(() => {
    if (step !== entry.step) {
      void navigate(QUESTIONNAIRE_PATH, { replace: true, state: { step, depth: 0 } satisfies StepState });
    }
  }, [step, entry.step, navigate]);

  // Offered once, when the page opens on the first step with answers already kept from a visit before.
  const [resumeOffer, setResumeOffer] = useState(
    () => entry.step === 0 && stored !== null && stored.furthest > 0 && stored.draft.category !== "",
  );

  const [failure, setFailure] = useState<string | null>(null);
  const [pendingFocus, setPendingFocus] = useState<DraftField | null>(null);

  const submit = useSubmitFeedback({
    meta: { hideError: true },
    onSuccess: ({ claimToken, ...submission }) => {
      // The only thing kept beyond this page, for this tab only: the proof that claims the practice after
      // sign-in. Never the id alone in localStorage, where the next person could use it.
      writeFeedbackClaim({ practiceId: submission.practiceId, claimToken });
      // Back from the result leaves the questionnaire: rewind to its first entry, where the result shows.
      if (depth > 0) void navigate(-depth);
      rememberSubmission(submission);
    },
    onError: (error) => {
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

  /**
   * Shows another step. Forward is a new history entry. Backward returns through the history when the
   * entries behind are the steps before, so the browser's Forward comes back; otherwise it replaces this
   * entry, never adding one the browser's Back would have to walk through.
   */
  function goTo(next: number) {
    if (next > step) {
      furthest.current = Math.max(furthest.current, next);
      saveDraft({ draft: getValues(), furthest: furthest.current });
      const state: StepState = { step: next, depth: next === step + 1 ? depth + 1 : 0 };
      void navigate(QUESTIONNAIRE_PATH, { state });
    } else if (next < step && step - next <= depth) {
      void navigate(next - step);
    } else if (next < step) {
      void navigate(QUESTIONNAIRE_PATH, {
        replace: true,
        state: { step: next, depth: 0 } satisfies StepState,
      });
    }
  }

  function startOver() {
    forgetDraft();
    furthest.current = 0;
    reset(EMPTY_DRAFT);
    setResumeOffer(false);
  }

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
    setResumeOffer(false);
    setFailure(null);
    sectionRef.current?.scrollIntoView?.({ block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [step]);

  // A field the API refused: focused once its step is on screen (going back through the history is not
  // immediate).
  useEffect(() => {
    if (!pendingFocus || stepOfField(getValues(), pendingFocus) !== step) return;
    setFocus(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, setFocus, getValues, step]);

  if (!current) return null;
  const isLast = step === LAST_STEP;
  const sending = submit.isPending;
  // Where "Riprendi" leads: the furthest step reached that the answers still allow.
  const resumeStep = resumeOffer ? reachableStep(draft, furthest.current, LAST_STEP, today) : 0;

  return (
    <>
      {resumeOffer && step === 0 ? (
        <div className={styles.resume}>
          <p>
            Avevi già iniziato a rispondere: le tue risposte sono ancora qui. Puoi riprendere dal passo{" "}
            {resumeStep + 1} o ricominciare da capo.
          </p>
          <div className={styles.actions}>
            <button type="button" className={PRIMARY} onClick={() => goTo(resumeStep)}>
              Riprendi dal passo {resumeStep + 1}
            </button>
            <button type="button" className={SECONDARY} onClick={startOver}>
              Ricomincia da capo
            </button>
          </div>
        </div>
      ) : null}
      {step === 0 ? intro : null}
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
            <QuestionField key={question.field} question={question} form={form} />
          ))}

          {isLast ? (
            <>
              <div className={styles.beforeSending}>
                <h3 className={styles.subTitle}>Prima di inviare</h3>
                <ul>
                  <li>Ricevi subito una prima valutazione orientativa, gratuita e senza impegno.</li>
                  <li>
                    Creiamo una pratica riservata con un codice: potrai aprirla registrandoti, se vorrai.
                  </li>
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
              <CheckboxField
                label="Voglio restare anonima/o con gli avvocati (facoltativo)."
                hint="Se apri la pratica, gli avvocati non vedranno il tuo nome né i tuoi contatti finché non deciderai tu di mostrarli, dalla pagina della pratica."
                registration={register("anonymous")}
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
          Puoi fermarti quando vuoi: le risposte restano in questa scheda del browser finché non le invii, e
          «Esci subito» le cancella.
        </p>
      </section>
    </>
  );
}
