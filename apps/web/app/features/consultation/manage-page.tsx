import {
  type ConsultationMove,
  ConsultationMoveSchema,
  type ManagedConsultation,
} from "@argine/core/consultation/consultation-api";
import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import { CONSULTATION_MANAGE_TOKEN_PARAM } from "@argine/core/consultation/consultation-terms";
import { isOpen } from "@argine/core/consultation/lifecycle";
import { romeWallClock } from "@argine/core/consultation/slots";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { errorCode } from "../../shared/http/http-error.ts";
import { CONSULTATION_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormEnd, FormMessage, SendError, StatusRegion } from "../../shared/ui/form-field.tsx";
import headingStyles from "../../shared/ui/heading.module.css";
import { schemaResolver, useCheckedForm, useFocusOnMount } from "../../shared/ui/use-checked-form.ts";
import styles from "./consultation.module.css";
import { ConsultationFactRows, VideoLink } from "./consultation-facts.tsx";
import { longDay, longDayWithYear, romeTime, slotText } from "./consultation-format.ts";
import {
  isSlotGone,
  managedQueryOptions,
  slotsQueryOptions,
  useCancelConsultation,
  useConfirmConsultation,
  useMoveConsultation,
} from "./consultation-queries.ts";
import { SlotPicker } from "./slot-picker.tsx";
import { SlotsRenewed, SlotsState } from "./slots-state.tsx";

// /consulenza/gestisci?t=…: the page the confirmation mail links to (client-only). The token leaves the
// address bar at once (history, bookmarks, a shared screen) and stays in this history entry's state, so a
// reload still finds the consultation; it goes to the API in a header. The person sees when and how, and
// may cancel it (after saying yes once more) or move it to another free slot until shortly before the start.
// A visitor's request is confirmed here first (ADR 031's amendment): only then is the slot hers; if someone
// confirmed it first, she chooses another time, and the move confirms it there.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/** How the API refuses a link: not one of ours or altered (400), or no longer valid (410). */
const REFUSED_LINK: readonly string[] = ["INVALID_TOKEN", "BAD_REQUEST", "GONE", "NOT_FOUND"];

interface ManageState {
  consultationToken?: unknown;
}

/** The mail link's token: from the address on arrival (then moved into the entry's state), or that state. */
function useManageToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get(CONSULTATION_MANAGE_TOKEN_PARAM)?.trim() || null;
  const fromState = (location.state as ManageState | null)?.consultationToken;
  const token = fromUrl ?? (typeof fromState === "string" && fromState ? fromState : null);
  useEffect(() => {
    if (!fromUrl) return;
    const params = new URLSearchParams(location.search);
    params.delete(CONSULTATION_MANAGE_TOKEN_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      {
        replace: true,
        state: { ...(location.state as object | null), consultationToken: fromUrl },
        preventScrollReset: true,
      },
    );
  }, [fromUrl, location, navigate]);
  return token;
}

function BookAgain({ label = "Prenota una nuova consulenza" }: { label?: string }) {
  return (
    <p className={styles.actions}>
      <Link to={CONSULTATION_PATH} className={PRIMARY}>
        {label}
      </Link>
    </p>
  );
}

export function ManageConsultationPage() {
  const token = useManageToken();
  return (
    <div className={styles.page}>
      <header className={headingStyles.columnHeader}>
        <p className={headingStyles.columnEyebrow}>Consulenza gratuita</p>
        <h1 className={headingStyles.columnTitle}>La tua consulenza</h1>
      </header>
      <div className={styles.manage}>
        {token ? (
          <ManagedConsultationView token={token} />
        ) : (
          <>
            <FormMessage tone="error">
              <p>
                Il link non è completo. Aprilo di nuovo dall'email di conferma, oppure prenota una nuova
                consulenza.
              </p>
            </FormMessage>
            <BookAgain />
          </>
        )}
      </div>
    </div>
  );
}

function ManagedConsultationView({ token }: { token: string }) {
  const managed = useQuery(managedQueryOptions(token));
  // What the person just did, said once in the polite region.
  const [done, setDone] = useState<"cancelled" | "moved" | "confirmed" | null>(null);
  const [moving, setMoving] = useState(false);

  if (managed.isPending) {
    return (
      <p role="status" className={styles.loading}>
        Stiamo cercando la tua consulenza…
      </p>
    );
  }
  if (managed.isError) {
    // A refused link (not ours, altered, cancelled, concluded) is said in the API's words, for good; a
    // failure of the network or the server may pass, so it offers to try again.
    const refused = REFUSED_LINK.includes(errorCode(managed.error) ?? "");
    return (
      <>
        <FormMessage tone="error">
          <p>{managed.error.message}</p>
        </FormMessage>
        {refused ? null : (
          <p className={styles.actions}>
            <button type="button" className={SECONDARY} onClick={() => void managed.refetch()}>
              Riprova
            </button>
          </p>
        )}
        <BookAgain />
      </>
    );
  }
  const consultation = managed.data;
  return (
    <>
      <StatusRegion>
        {done === "cancelled" ? (
          <FormMessage tone="success">
            <p>
              La consulenza è annullata e l'orario torna libero per altre persone. Ti abbiamo mandato una
              e-mail di conferma.
            </p>
          </FormMessage>
        ) : done === "confirmed" ? (
          <FormMessage tone="success">
            <p>
              Fatto: la consulenza è confermata per <strong>{slotText(consultation)}</strong>. Ti abbiamo
              inviato una e-mail con l'invito per il calendario.
            </p>
          </FormMessage>
        ) : done === "moved" ? (
          <FormMessage tone="success">
            <p>
              Fatto: la consulenza ora è <strong>{slotText(consultation)}</strong>. Ti abbiamo inviato una
              e-mail con l'invito aggiornato per il calendario.
            </p>
          </FormMessage>
        ) : null}
      </StatusRegion>
      <ConsultationCard consultation={consultation} />
      {consultation.status === "cancelled" ? (
        <>
          {done === "cancelled" ? null : (
            <FormMessage tone="info">
              <p>Questa consulenza è stata annullata. Se vuoi, puoi prenotarne un'altra.</p>
            </FormMessage>
          )}
          <BookAgain label="Prenota un'altra consulenza" />
        </>
      ) : !isOpen(consultation.status) ? (
        <>
          <FormMessage tone="info">
            <p>Questa consulenza si è già conclusa. Se vuoi, puoi prenotarne un'altra.</p>
          </FormMessage>
          <BookAgain label="Prenota un'altra consulenza" />
        </>
      ) : !consultation.changeable ? (
        <FormMessage tone="info">
          <p>
            Manca troppo poco all'appuntamento per spostarlo o annullarlo da qui. Se non puoi esserci,
            scrivici in chat o per email: ci organizziamo.
          </p>
        </FormMessage>
      ) : moving ? (
        <MoveForm
          token={token}
          confirming={consultation.status === "requested"}
          onMoved={() => {
            setMoving(false);
            setDone(consultation.status === "requested" ? "confirmed" : "moved");
          }}
          onClose={() => setMoving(false)}
        />
      ) : (
        <>
          {consultation.status === "requested" ? (
            <ConfirmSection
              token={token}
              consultation={consultation}
              onConfirmed={() => setDone("confirmed")}
              onTaken={() => {
                setDone(null);
                setMoving(true);
              }}
            />
          ) : null}
          <ChangeActions
            token={token}
            consultation={consultation}
            onMove={() => {
              setDone(null);
              setMoving(true);
            }}
            onCancelled={() => setDone("cancelled")}
          />
        </>
      )}
    </>
  );
}

/**
 * A request's confirmation: one button. When someone confirmed that time first, the API's kind words say so
 * and the new-time form opens (a move confirms it there).
 */
function ConfirmSection({
  token,
  consultation,
  onConfirmed,
  onTaken,
}: {
  token: string;
  consultation: ManagedConsultation;
  onConfirmed: () => void;
  onTaken: () => void;
}) {
  const [taken, setTaken] = useState(false);
  const confirm = useConfirmConsultation(token, {
    meta: { hideError: true },
    onSuccess: onConfirmed,
    onError: (error) => {
      if (error.message === CONSULTATION_MESSAGES.confirmTaken) setTaken(true);
    },
  });
  return (
    <section className={styles.section} aria-labelledby="consulenza-conferma">
      <h2 id="consulenza-conferma" className={styles.sectionTitle}>
        Conferma la consulenza
      </h2>
      <p>
        Hai chiesto la consulenza di <strong>{slotText(consultation)}</strong>. Confermala qui: finché non la
        confermi, l'orario resta libero anche per altre persone.
      </p>
      <StatusRegion>
        {confirm.error ? (
          <FormMessage tone="error">
            <p>{confirm.error.message}</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
      <div className={styles.actions}>
        {taken ? (
          <button type="button" className={PRIMARY} onClick={onTaken}>
            Scegli un altro orario
          </button>
        ) : (
          <button
            type="button"
            className={PRIMARY}
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? "Conferma in corso…" : "Conferma la consulenza"}
          </button>
        )}
      </div>
    </section>
  );
}

function ConsultationCard({ consultation }: { consultation: ManagedConsultation }) {
  return (
    <section className={styles.card} aria-labelledby="consulenza-scheda">
      <h2 id="consulenza-scheda" className={styles.cardTitle}>
        Consulenza gratuita di 30 minuti
      </h2>
      <dl className={styles.facts}>
        <dt>Giorno</dt>
        <dd>{longDayWithYear(consultation.date)}</dd>
        <dt>Orario</dt>
        <dd>
          dalle {consultation.time} alle {romeTime(consultation.endsAt)} (ora italiana)
        </dd>
        <ConsultationFactRows consultation={consultation} />
        {consultation.videoUrl ? (
          <>
            <dt>Link della videochiamata</dt>
            <dd>
              <VideoLink url={consultation.videoUrl} />
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Move or cancel; cancelling asks once more, in place (no dialog), and "No" gives the focus back. */
function ChangeActions({
  token,
  consultation,
  onMove,
  onCancelled,
}: {
  token: string;
  consultation: ManagedConsultation;
  onMove: () => void;
  onCancelled: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const question = useFocusOnMount<HTMLParagraphElement>(asking);
  const cancel = useCancelConsultation(token, { meta: { hideError: true }, onSuccess: onCancelled });
  const until = romeWallClock(new Date(consultation.changeableUntil));
  return (
    <section className={styles.section} aria-labelledby="consulenza-cambia">
      <h2 id="consulenza-cambia" className={styles.sectionTitle}>
        Non puoi più esserci?
      </h2>
      <p>
        Puoi spostarla o annullarla da qui fino a {longDay(until.date)} alle {until.time}.
      </p>
      {asking ? (
        <div className={styles.card}>
          <p ref={question} tabIndex={-1}>
            <strong>Vuoi davvero annullare la consulenza di {slotText(consultation)}?</strong> L'orario
            tornerà libero per altre persone.
          </p>
          {cancel.error ? (
            <FormMessage tone="error">
              <p>{cancel.error.message}</p>
            </FormMessage>
          ) : null}
          <div className={styles.actions}>
            <button
              type="button"
              className={PRIMARY}
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {cancel.isPending ? "Annullamento in corso…" : "Sì, annulla la consulenza"}
            </button>
            <button
              type="button"
              className={SECONDARY}
              onClick={() => {
                setAsking(false);
                cancel.reset();
                setTimeout(() => cancelButton.current?.focus(), 0);
              }}
            >
              No, la tengo
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={PRIMARY} onClick={onMove}>
            Sposta a un altro orario
          </button>
          <button ref={cancelButton} type="button" className={SECONDARY} onClick={() => setAsking(true)}>
            Annulla la consulenza
          </button>
        </div>
      )}
    </section>
  );
}

interface MoveValues {
  startsAt: string;
}

/** Another free slot, chosen as on /consulenza; a slot taken meanwhile reads the slots again. */
function MoveForm({
  token,
  confirming,
  onMoved,
  onClose,
}: {
  token: string;
  /** A request: the new time confirms it. */
  confirming: boolean;
  onMoved: () => void;
  onClose: () => void;
}) {
  const slots = useQuery(slotsQueryOptions());
  const title = useRef<HTMLHeadingElement>(null);
  const [renewed, setRenewed] = useState(false);
  useEffect(() => title.current?.focus(), []);
  const move = useMoveConsultation(token, {
    meta: { hideError: true, hideSpinner: true },
    onError: (error) => {
      if (!isSlotGone(error)) return;
      checked.form.setValue("startsAt", "");
      setRenewed(true);
      setTimeout(() => title.current?.focus(), 0);
    },
  });
  const checked = useCheckedForm<MoveValues, ConsultationMove, ManagedConsultation>({
    resolver: schemaResolver(ConsultationMoveSchema),
    defaultValues: { startsAt: "" },
    fieldNames: ["startsAt"],
    focusOnInvalid: "field",
    send: (body) => {
      setRenewed(false);
      return move.mutateAsync(body.startsAt);
    },
    onSuccess: onMoved,
    fieldOfError: (error) => (isSlotGone(error) ? "startsAt" : undefined),
  });
  const { form, field, submit, onSubmit, issuesPlaced } = checked;
  const selected = form.watch("startsAt");
  return (
    <section className={styles.section} aria-labelledby="consulenza-sposta">
      <h2 id="consulenza-sposta" ref={title} tabIndex={-1} className={styles.sectionTitle}>
        Scegli il nuovo orario
      </h2>
      <SlotsRenewed shown={renewed} />
      <form className={styles.step} noValidate onSubmit={onSubmit}>
        <SlotsState slots={slots}>
          {(answer) => <SlotPicker slots={answer.slots} selected={selected} {...field("startsAt")} />}
        </SlotsState>
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <FormEnd
          form={checked}
          label={confirming ? "Conferma a questo orario" : "Sposta la consulenza"}
          pendingLabel={confirming ? "Conferma in corso…" : "Spostamento in corso…"}
        >
          <button type="button" className={SECONDARY} onClick={onClose}>
            Lascia com'è
          </button>
        </FormEnd>
      </form>
    </section>
  );
}
