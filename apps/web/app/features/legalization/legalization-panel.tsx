import {
  type LegalizationFiles,
  LegalizationStartBodySchema,
} from "@argine/core/legalization/legalization-api";
import {
  LEGALIZATION_FAILURE_REASSURANCE,
  LEGALIZATION_FAILURE_TITLE,
  legalizationFailureExplanation,
} from "@argine/core/legalization/legalization-messages";
import { isSuccess, isTerminal } from "@argine/core/legalization/session-state";
import { casePath, ticketCodeOf } from "@argine/core/practices/case-path";
import {
  LEGALIZATION_POLL_INTERVAL_MS,
  LEGALIZATION_PREPARATION_MAX_MS,
} from "@argine/core/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { toHttpError } from "../../shared/http/http-error.ts";
import { prefilledUrls, SUPPORT_CHAT_HASH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, StatusRegion, TextField } from "../../shared/ui/form-field.tsx";
import layoutStyles from "../../shared/ui/layout.module.css";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./legalization.module.css";
import { LegalizationFilesModal } from "./legalization-files-modal.tsx";
import { LegalizationGuide } from "./legalization-guide.tsx";
import {
  legalizationSessionQuery,
  useOpenSessionFiles,
  useStartSession,
  useStopSession,
} from "./legalization-queries.ts";

// The legalization on the case page (spec §4 "Legalization" flow): the tutorial, the page to
// capture, then the live session polled every second until it ends; success goes to the success route and
// reloads the case, a failure says in Italian what happened and what to do, with the spec's
// '<provider> Error : <state>' as the technical detail, and may be started again.

/** After a success, until its files are stored (seconds for the sandbox, up to 12 hours for a provider). */
const FILES_POLL_MS = 5000;
const PREPARING_MINUTES = LEGALIZATION_PREPARATION_MAX_MS / 60_000;
const TOO_LONG = "Troppo Tempo! Aggiorna la pagina fra qualche minuto! Non chiuderla!";
const DESKTOP_ONLY = "La legalizzazione si fa da un computer: accedi al sito da un dispositivo desktop.";

const STOPPABLE = ["VM_PREPARING", "LIVE"];

function stateText(state: string): string {
  if (state === "VM_PREPARING")
    return `Stiamo preparando l'ambiente sicuro (fino a ${PREPARING_MINUTES} minuti)…`;
  if (state === "CLOSING" || state === "ARTIFACTS_UPLOADED")
    return "Acquisizione terminata: stiamo generando i file…";
  return "Acquisizione in corso: naviga la pagina e mostra i contenuti da conservare, poi termina.";
}

export function LegalizationPanel({
  serviceId,
  practiceClosed,
  onChanged,
}: {
  serviceId: string;
  practiceClosed: boolean;
  /** Reloads the case (spec §4 step 4). */
  onChanged: () => Promise<unknown>;
}) {
  const location = useLocation();
  const ticketCode = ticketCodeOf(location.pathname) ?? "";
  // The page of a diary's episode, handed over in the navigation's state (issue 40): written in, to check.
  const [handedOver] = prefilledUrls(location.state);
  const navigate = useNavigate();
  const startSession = useStartSession(serviceId, SENT_BY_FORM);
  const [files, setFiles] = useState<LegalizationFiles | null>(null);
  // Success leads to its route only for a session watched running here, not on every visit afterwards.
  const watching = useRef(false);
  const session = useQuery({
    ...legalizationSessionQuery(serviceId),
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.error) return false;
      if (!isTerminal(data.state)) return LEGALIZATION_POLL_INTERVAL_MS;
      return isSuccess(data.state) && !data.filesReadyAt ? FILES_POLL_MS : false;
    },
  });
  const current = session.data ?? null;

  // Files seen still to come: their arrival changes the service's status, which the case shows.
  const awaitingFiles = useRef(false);
  useEffect(() => {
    if (!current) return;
    if (!isTerminal(current.state)) watching.current = true;
    else if (isSuccess(current.state) && watching.current) {
      watching.current = false;
      void onChanged();
      void navigate(casePath(ticketCode, "service/legalization/success"));
    }
    if (isSuccess(current.state) && !current.filesReadyAt) awaitingFiles.current = true;
    else if (current.filesReadyAt && awaitingFiles.current) {
      awaitingFiles.current = false;
      void onChanged();
    }
  }, [current, onChanged, navigate, ticketCode]);

  const start = useCheckedForm({
    resolver: schemaResolver<{ url: string }, { url: string }>(LegalizationStartBodySchema),
    defaultValues: { url: handedOver ?? "" },
    fieldNames: ["url"],
    focusOnInvalid: "field",
    send: async ({ url }) => {
      const started = await startSession.mutateAsync(url);
      // The first capture puts the service "in corso".
      void onChanged();
      return started;
    },
  });
  const offered = !session.isPending;
  useEffect(() => {
    if (handedOver && offered) start.form.setFocus("url");
  }, [handedOver, offered, start.form]);
  const stop = useStopSession(serviceId, { meta: { hideError: true } });
  const openFiles = useOpenSessionFiles(serviceId, setFiles);

  const running = current !== null && !isTerminal(current.state);
  const tooLong =
    running &&
    current.state === "VM_PREPARING" &&
    Date.now() - new Date(current.startedAt).getTime() > LEGALIZATION_PREPARATION_MAX_MS;
  const failure = current ? legalizationFailureExplanation(current.provider, current.state) : null;
  const problem = session.error ?? stop.error ?? openFiles.error;

  return (
    <div className={styles.panel}>
      <p className={layoutStyles.mobileOnly}>{DESKTOP_ONLY}</p>
      <div className={layoutStyles.desktopOnly}>
        {problem ? <FormMessage tone="error">{toHttpError(problem).message}</FormMessage> : null}
        {running ? (
          <section className={styles.live} aria-labelledby={`live-${serviceId}`}>
            <h4 id={`live-${serviceId}`}>Sessione di legalizzazione</h4>
            <p>Pagina: {current.url}</p>
            <StatusRegion>
              <p className={styles.state}>{stateText(current.state)}</p>
              {tooLong ? <FormMessage tone="error">{TOO_LONG}</FormMessage> : null}
            </StatusRegion>
            {STOPPABLE.includes(current.state) ? (
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                disabled={stop.isPending}
                onClick={() => stop.mutate()}
              >
                Termina l'acquisizione
              </button>
            ) : null}
          </section>
        ) : null}
        {current?.filesReadyAt && !current.filesDeletedAt ? (
          <p>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              disabled={openFiles.isPending}
              onClick={() => openFiles.mutate()}
            >
              Apri i file della legalizzazione
            </button>
          </p>
        ) : null}
        {failure ? (
          <FormMessage tone="error">
            <h4 className={styles.failureTitle}>{LEGALIZATION_FAILURE_TITLE}</h4>
            <p>{failure.happened}</p>
            <Advice text={failure.todo} />
            <p>{LEGALIZATION_FAILURE_REASSURANCE}</p>
            <p className={styles.detail}>{failure.detail}</p>
          </FormMessage>
        ) : null}
        {!practiceClosed && !running && !(current && isSuccess(current.state)) && !session.isPending ? (
          <>
            <LegalizationGuide />
            <form className={formStyles.form} noValidate onSubmit={start.onSubmit}>
              <TextField
                label="Indirizzo della pagina da legalizzare"
                type="url"
                required
                {...start.field("url")}
              />
              {start.submit.error && !start.issuesPlaced ? (
                <FormMessage tone="error">{start.submit.error.message}</FormMessage>
              ) : null}
              <div className={formStyles.actions}>
                <button
                  type="submit"
                  className={`${buttonStyles.button} ${buttonStyles.primary}`}
                  disabled={start.submit.isPending}
                >
                  {failure ? "Avvia una nuova legalizzazione" : "Avvia la legalizzazione"}
                </button>
              </div>
            </form>
          </>
        ) : null}
      </div>
      {files ? (
        <LegalizationFilesModal
          files={files}
          serviceId={serviceId}
          ticketCode={ticketCode}
          onClose={() => setFiles(null)}
        />
      ) : null}
    </div>
  );
}

/** The failure's advice, its "scrivici" a link that opens the support chat (as the FAQ's does). */
function Advice({ text }: { text: string }) {
  const [before, ...rest] = text.split("scrivici");
  if (rest.length === 0) return <p>{text}</p>;
  return (
    <p>
      {before}
      <Link to={{ hash: SUPPORT_CHAT_HASH }} preventScrollReset>
        scrivici
      </Link>
      {rest.join("scrivici")}
    </p>
  );
}
