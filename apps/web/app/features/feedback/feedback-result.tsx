import type { Product, ProductCode } from "@argine/core/catalogue/product";
import {
  DEADLINE_KIND_LABELS,
  EVALUATION_COPY,
  formatArticle,
  groupResult,
  PROCEDIBILITY_TEXT,
  RESULT_GROUP_COPY,
  type ResultGroups,
} from "@argine/core/feedback/presentation";
import { type Deadline, type FeedbackResult, SECTION, type SectionKey } from "@argine/core/feedback/result";
import { formatItalianDate } from "@argine/core/shared/calendar";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useAppState } from "../../shared/async/app-state.ts";
import { useAuthPending } from "../../shared/async/auth-state.ts";
import { trackEvent } from "../../shared/data-layer/data-layer.ts";
import { errorCode, type HttpError } from "../../shared/http/http-error.ts";
import { DASHBOARD_PATH, LOGIN_PATH, REGISTER_PATH } from "../../shared/navigation/navigation.ts";
import { clearFeedbackClaim } from "../../shared/store/browser-storage.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { productsQueryOptions } from "../products/public.ts";
import { codeAndKeyText, PracticeCodeAndKey } from "./claim-key.tsx";
import { claimedPracticeState, useClaimFromResult } from "./claim-practice.ts";
import type { FeedbackSubmission } from "./feedback-memory.ts";
import { feedbackPdfUrl } from "./feedback-queries.ts";
import styles from "./feedback-result.module.css";
import {
  complaintCountdown,
  EVALUATION_TONE,
  type EvaluationTone,
  relativeDeadline,
  SERVICE_FALLBACK_NAMES,
  SERVICE_PATHS,
  showsRelative,
} from "./result-texts.ts";
import { UrgentHelp } from "./urgent-help.tsx";

// The result of the questionnaire (spec §2 "Feedback result", "Feedback download"), shown in place of the
// questionnaire at /feedback: the practice id never reaches the address bar or the history.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

const TONE_CLASS: Record<EvaluationTone, string | undefined> = {
  valid: styles.valid,
  reserve: styles.reserve,
  notValid: styles.notValid,
  expired: styles.expired,
};

/** The sections open at first: the ones a frightened reader needs before the legal detail. */
function openSections(result: FeedbackResult): readonly SectionKey[] {
  return result.evaluation === "NOTVALID" ? ["whyNoCrime", "actionsAndDeadlines"] : ["actionsAndDeadlines"];
}

interface FeedbackResultViewProps {
  submission: FeedbackSubmission;
  onRestart: () => void;
}

export function FeedbackResultView({ submission, onRestart }: FeedbackResultViewProps) {
  const { practiceId, ticketCode, claimKey, feedback } = submission;
  const copy = EVALUATION_COPY[feedback.evaluation];
  const countdown =
    feedback.evaluation === "EXPIRED" ? null : complaintCountdown(feedback.deadlines, feedback.asOf);
  const groups = groupResult(feedback);

  // The result replaces the form: back to the top of the page, on the verdict and the complaint deadline,
  // and start reading from its title. Again when the questionnaire's history rewind lands (a new location):
  // the router then restores the scroll of the first step's entry, far down the page on a phone.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const locationKey = useLocation().key;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => {
    window.scrollTo?.(0, 0);
    titleRef.current?.focus({ preventScroll: true });
  }, [locationKey]);

  return (
    <article className={styles.result} aria-labelledby="result-title">
      <p className={styles.eyebrow}>Prima valutazione orientativa gratuita</p>
      <h1 id="result-title" ref={titleRef} tabIndex={-1} className={styles.title}>
        Il risultato del questionario
      </h1>

      <section
        className={`${styles.verdict} ${TONE_CLASS[EVALUATION_TONE[feedback.evaluation]] ?? ""}`}
        aria-labelledby="verdict-title"
      >
        <p className={styles.badge}>{copy.badge}</p>
        <h2 id="verdict-title" className={styles.verdictTitle}>
          {copy.title}
        </h2>
        <p>{copy.lead}</p>
        {countdown ? (
          <p className={styles.countdown}>
            <strong>{countdown.text}</strong>
            <span>
              {countdown.prudent
                ? `Data prudente: ${formatItalianDate(countdown.date)}. Il termine vero parte da quando saprai chi è l'autore.`
                : `Ultimo giorno utile: ${formatItalianDate(countdown.date)}.`}
            </span>
          </p>
        ) : null}
        <p className={styles.verdictNote}>
          È una prima valutazione orientativa, preparata in automatico dalle tue risposte: non è un parere
          legale.
        </p>
        {feedback.evaluation === "EXPIRED" ? (
          <Link to="/" className={SECONDARY}>
            Torna alla pagina iniziale
          </Link>
        ) : null}
      </section>

      {feedback.humanReview ? <HumanReviewNotice /> : null}

      {feedback.offences.length > 0 ? <Offences result={feedback} /> : null}
      {groups.deadlines.length > 0 ? <Deadlines deadlines={groups.deadlines} asOf={feedback.asOf} /> : null}
      {groups.options.length > 0 ? <Options options={groups.options} /> : null}
      {groups.civilRemedies.length > 0 || feedback.evaluation === "NOTVALID" ? (
        <InsteadOfComplaint groups={groups} notValid={feedback.evaluation === "NOTVALID"} />
      ) : null}

      <NextStep
        practiceId={practiceId}
        ticketCode={ticketCode}
        claimKey={claimKey}
        humanReview={feedback.humanReview}
      />

      <Sections result={feedback} />

      {!feedback.humanReview && feedback.recommendedServices.length > 0 ? (
        <RecommendedServices codes={feedback.recommendedServices} />
      ) : null}

      <ResultBlock title="Che valore ha questa valutazione">
        <p>
          Questa è una prima valutazione orientativa, preparata in automatico dalle risposte che ci hai dato
          al {formatItalianDate(feedback.asOf)}: non è un parere legale e non sostituisce il confronto con un
          avvocato, che può valutare documenti e dettagli che il questionario non conosce.
        </p>
        <p className={styles.meta}>Regole applicate: versione {feedback.rulesVersion}.</p>
      </ResultBlock>

      <div className={styles.actions}>
        <button type="button" className={SECONDARY} onClick={onRestart}>
          Compila un nuovo questionario
        </button>
      </div>

      <UrgentHelp />
    </article>
  );
}

function HumanReviewNotice() {
  return (
    <ResultBlock title="Una persona del nostro team esaminerà il tuo caso" className={styles.humanReview}>
      <p>
        Quando sono coinvolti una persona minorenne e contenuti intimi, una richiesta di contenuti sessuali o
        un ricatto, oppure una richiesta di immagini intime o di atti sessuali fatta con una minaccia, non ti
        proponiamo servizi da acquistare in autonomia: il caso merita cura. Una persona del nostro team lo
        leggerà con attenzione. Registrati per permetterci di contattarti in modo riservato.
      </p>
      <p>
        Nel frattempo non cancellare nulla, non pagare e non inviare altro materiale. Se sei tu la persona
        minorenne, parlane, se puoi, con un adulto di cui ti fidi. Se hai bisogno di aiuto adesso, chiama il{" "}
        <a href="tel:114">114</a> (Emergenza Infanzia), il <a href="tel:1522">1522</a> oppure, se sei in
        pericolo, il <a href="tel:112">112</a>.
      </p>
    </ResultBlock>
  );
}

function Offences({ result }: { result: FeedbackResult }) {
  return (
    <ResultBlock
      title={
        result.evaluation === "EXPIRED" ? "I reati che sembravano esserci" : "I reati che sembrano esserci"
      }
    >
      <ul className={styles.cards}>
        {result.offences.map((offence) => (
          <li key={offence.code} className={styles.card}>
            <h3 className={styles.cardTitle}>{offence.title}</h3>
            <p className={styles.article}>{formatArticle(offence.article)}</p>
            {offence.certain ? null : (
              <p className={styles.tag}>Da verificare: alcuni elementi non sono certi</p>
            )}
            <p>{PROCEDIBILITY_TEXT[offence.procedibility]}</p>
            {offence.complaintDeadline ? (
              <p>
                Termine per la querela: <strong>{formatItalianDate(offence.complaintDeadline)}</strong>.
              </p>
            ) : null}
            <p className={styles.muted}>Pena prevista per chi lo commette: {offence.penalty}.</p>
          </li>
        ))}
      </ul>
    </ResultBlock>
  );
}

function Deadlines({ deadlines, asOf }: { deadlines: readonly Deadline[]; asOf: string }) {
  return (
    <ResultBlock title={RESULT_GROUP_COPY.deadlines.title}>
      <p className={styles.muted}>Calcolate al {formatItalianDate(asOf)}, in ordine di data.</p>
      <ol className={styles.deadlines}>
        {deadlines.map((deadline) => (
          <li
            key={`${deadline.kind}-${deadline.date}-${deadline.article}-${deadline.note}`}
            className={styles.deadline}
          >
            <p className={styles.deadlineHead}>
              <strong>{DEADLINE_KIND_LABELS[deadline.kind]}</strong>
              <span>
                {formatItalianDate(deadline.date)}
                {showsRelative(deadline.kind) ? ` · ${relativeDeadline(deadline.date, asOf)}` : null}
              </span>
            </p>
            <p>{deadline.note}</p>
            <p className={styles.article}>{formatArticle(deadline.article)}</p>
          </li>
        ))}
      </ol>
    </ResultBlock>
  );
}

/** The Garante's 48 hours and the platform's removal: options the victim has, not deadlines. */
function Options({ options }: { options: readonly Deadline[] }) {
  return (
    <ResultBlock title={RESULT_GROUP_COPY.options.title}>
      <p className={styles.muted}>{RESULT_GROUP_COPY.options.intro}</p>
      <ul className={styles.deadlines}>
        {options.map((option) => (
          <li key={`${option.kind}-${option.article}`} className={styles.deadline}>
            <p className={styles.deadlineHead}>
              <strong>{DEADLINE_KIND_LABELS[option.kind]}</strong>
            </p>
            <p>{option.note}</p>
            <p className={styles.article}>{formatArticle(option.article)}</p>
          </li>
        ))}
      </ul>
    </ResultBlock>
  );
}

/** Civil remedies (with their sources) and, when no crime seems present, the practical steps left. */
function InsteadOfComplaint({ groups, notValid }: { groups: ResultGroups; notValid: boolean }) {
  const remedies = groups.civilRemedies.length > 0;
  return (
    <ResultBlock title={remedies ? RESULT_GROUP_COPY.civilRemedies.title : "Che cosa puoi fare comunque"}>
      {remedies ? (
        <>
          <p className={styles.muted}>{RESULT_GROUP_COPY.civilRemedies.intro}</p>
          <ul className={styles.deadlines}>
            {groups.civilRemedies.map((entry) => (
              <li key={`${entry.text}|${entry.article ?? ""}`} className={styles.deadline}>
                <p>{entry.text}</p>
                {entry.article ? <p className={styles.article}>{formatArticle(entry.article)}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {notValid ? (
        <>
          {remedies ? <h3 className={styles.subTitle}>E intanto</h3> : null}
          <ul className={styles.list}>
            <li>
              Conserva le prove: screenshot con data e ora, link, nomi dei profili. Non cancellare nulla.
            </li>
            <li>Segnala il contenuto alla piattaforma e chiedine la rimozione.</li>
            <li>
              Se succede di nuovo, o se ricordi altri dettagli, puoi compilare di nuovo il questionario.
            </li>
            <li>Parlane con una persona di cui ti fidi: non devi affrontarlo in solitudine.</li>
          </ul>
        </>
      ) : null}
    </ResultBlock>
  );
}

function Sections({ result }: { result: FeedbackResult }) {
  const open = openSections(result);
  const keys = SECTION.values.filter((key) => result.sections[key].length > 0);
  if (keys.length === 0) return null;
  return (
    <ResultBlock title="La valutazione nel dettaglio">
      <div className={styles.sections}>
        {keys.map((key) => (
          <details key={key} className={styles.section} open={open.includes(key) || undefined}>
            <summary className={styles.summary}>
              <h3 className={styles.sectionTitle}>{SECTION.labels[key]}</h3>
            </summary>
            <ul className={styles.entries}>
              {result.sections[key].map((entry) => (
                <li key={`${entry.text}|${entry.article ?? ""}`}>
                  <p>{entry.text}</p>
                  {entry.article ? <p className={styles.article}>{formatArticle(entry.article)}</p> : null}
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </ResultBlock>
  );
}

function NextStep({
  practiceId,
  ticketCode,
  claimKey,
  humanReview,
}: {
  practiceId: string;
  ticketCode: string;
  claimKey: string;
  humanReview: boolean;
}) {
  const auth = useAuthPending();
  const userId = useAppState((state) => state.user?.id);
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== "undefined" && typeof navigator.clipboard?.writeText === "function";

  return (
    <ResultBlock title="Il codice della tua pratica" className={styles.next}>
      <PracticeCodeAndKey ticketCode={ticketCode} claimKey={claimKey} />
      <div className={styles.actions}>
        {canCopy ? (
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              void navigator.clipboard.writeText(codeAndKeyText(ticketCode, claimKey)).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            Copia codice e chiave
          </button>
        ) : null}
        <a
          href={feedbackPdfUrl(practiceId, claimKey)}
          download
          className={SECONDARY}
          onClick={() => trackEvent("feedback_download", userId)}
        >
          Scarica la valutazione in PDF
        </a>
      </div>
      <StatusRegion>{copied ? <p className={styles.muted}>Codice e chiave copiati.</p> : null}</StatusRegion>
      <p className={styles.muted}>
        Il PDF contiene i dettagli del tuo caso: salvalo in un posto sicuro, soprattutto se altre persone
        usano questo dispositivo.
      </p>

      <h3 className={styles.subTitle}>
        {humanReview ? "Per permetterci di contattarti" : "Vuoi andare avanti?"}
      </h3>
      {!auth.pending && auth.authenticated ? (
        <ClaimForSignedInUser practiceId={practiceId} ticketCode={ticketCode} claimKey={claimKey} />
      ) : (
        <>
          <p>
            {humanReview
              ? "Con un account gratuito possiamo contattarti in modo riservato e seguire il tuo caso insieme a te."
              : "Con un account gratuito apri la pratica, scegli i servizi che ti servono e segui tutto dalla tua area personale."}
          </p>
          <div className={styles.actions}>
            <Link to={REGISTER_PATH} state={{ practiceId }} className={PRIMARY}>
              Registrati per aprire la pratica
            </Link>
            <Link to={LOGIN_PATH} state={{ practiceId }} className={SECONDARY}>
              Hai già un account? Accedi
            </Link>
          </div>
        </>
      )}
    </ResultBlock>
  );
}

/** Already signed in: add the practice to the account at once, then go to the dashboard. */
function ClaimForSignedInUser({
  practiceId,
  ticketCode,
  claimKey,
}: {
  practiceId: string;
  ticketCode: string;
  claimKey: string;
}) {
  const navigate = useNavigate();
  const claim = useClaimFromResult(practiceId, ticketCode, claimKey, {
    meta: { hideError: true },
    onSuccess: (claimed) => {
      clearFeedbackClaim();
      void navigate(DASHBOARD_PATH, { state: claimedPracticeState(claimed.ticketCode) });
    },
  });
  const code = errorCode(claim.error);
  return (
    <>
      <p>Hai già effettuato l'accesso: puoi aggiungere subito questa pratica al tuo account.</p>
      {claim.error ? (
        <FormMessage tone="error">
          <p>
            {code === "FORBIDDEN" || code === "NOT_FOUND"
              ? "Non è stato possibile aggiungere la pratica al tuo account: potrebbe essere già collegata a un altro account."
              : (claim.error as HttpError).message}
          </p>
        </FormMessage>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={PRIMARY} disabled={claim.isPending} onClick={() => claim.mutate()}>
          {claim.isPending ? "Un momento…" : "Aggiungi la pratica al tuo account"}
        </button>
      </div>
    </>
  );
}

function productFor(products: readonly Product[] | undefined, code: ProductCode): Product | undefined {
  return products?.find((product) => product.code === code);
}

function RecommendedServices({ codes }: { codes: readonly ProductCode[] }) {
  const products = useQuery({ ...productsQueryOptions(), meta: { hideError: true, hideSpinner: true } });
  return (
    <ResultBlock title="Come possiamo aiutarti">
      <p className={styles.muted}>I servizi più utili per un caso come il tuo. I prezzi comprendono l'IVA.</p>
      <ul className={styles.cards}>
        {codes.map((code) => {
          const product = productFor(products.data, code);
          const discounted = product && product.discountedPrice < product.price;
          return (
            <li key={code} className={styles.card}>
              <h3 className={styles.cardTitle}>
                <Link to={SERVICE_PATHS[code]}>{product?.name ?? SERVICE_FALLBACK_NAMES[code]}</Link>
              </h3>
              {product?.description ? <p>{product.description}</p> : null}
              {product ? (
                <p className={styles.price}>
                  {discounted ? (
                    <>
                      <s>
                        <span className="visually-hidden">Prezzo pieno </span>
                        {formatAmount(product.price)}
                      </s>{" "}
                      <span className="visually-hidden">Prezzo scontato </span>
                    </>
                  ) : null}
                  <strong>{formatAmount(product.discountedPrice)}</strong>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </ResultBlock>
  );
}

/** One block of the result, named by its heading. */
function ResultBlock({
  title,
  className = styles.block,
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TitledSection title={title} className={className} titleClassName={styles.blockTitle}>
      {children}
    </TitledSection>
  );
}
