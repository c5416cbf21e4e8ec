import {
  type BookingAnswer,
  type ConsultationBooking,
  ConsultationBookingSchema,
} from "@argine/core/consultation/consultation-api";
import { CONSULTATION_KIND, type ConsultationKind } from "@argine/core/consultation/consultation-terms";
import { canWorkCases } from "@argine/core/practices/policy";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { PRIVACY_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { ErrorSummary, type SummaryField } from "../../shared/ui/error-summary.tsx";
import {
  CheckboxField,
  EmailField,
  FormEnd,
  FormMessage,
  RadioGroupField,
  RequiredNote,
  SelectField,
  SendError,
  StatusRegion,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm, useFocusOnMount } from "../../shared/ui/use-checked-form.ts";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";
import styles from "./consultation.module.css";
import { slotText } from "./consultation-format.ts";
import {
  isSlotGone,
  myPracticesQueryOptions,
  slotsQueryOptions,
  useBookConsultation,
} from "./consultation-queries.ts";
import { SlotPicker } from "./slot-picker.tsx";
import { SlotsRenewed, SlotsState } from "./slots-state.tsx";

// /consulenza's booking (loaded with the page's code once it is in the browser; the prerendered page shows
// the slots' loading note in its place): the free slots by day, then who, how and the privacy consent, then
// what follows: a visitor's request waits for her confirmation from the mail (ADR 031's amendment), a
// signed-in client's own booking is fixed at once. A slot someone else took meanwhile (409) reads the slots again and asks for another,
// keeping everything typed.

interface BookingValues {
  startsAt: string;
  name: string;
  email: string;
  phone: string;
  kind: ConsultationKind | "";
  /** None unless a signed-in client chooses one (the select's empty choice is none too). */
  practiceId?: string;
  privacyAccepted: boolean;
}

const EMPTY: BookingValues = {
  startsAt: "",
  name: "",
  email: "",
  phone: "",
  kind: "",
  privacyAccepted: false,
};

const FIELDS: readonly SummaryField<BookingValues>[] = [
  { name: "startsAt", label: "Giorno e orario" },
  { name: "name", label: "Nome e cognome" },
  { name: "email", label: "Email" },
  { name: "phone", label: "Telefono" },
  { name: "kind", label: "Come preferisci parlare" },
  { name: "practiceId", label: "Pratica" },
  { name: "privacyAccepted", label: "Informativa sulla privacy" },
];

const KIND_OPTIONS = [
  {
    value: "video",
    label: CONSULTATION_KIND.label("video"),
    hint: "Dal telefono o dal computer: ti mandiamo il link per collegarti prima dell'appuntamento.",
  },
  {
    value: "phone",
    label: CONSULTATION_KIND.label("phone"),
    hint: "Ti chiamiamo noi, al numero che ci lasci qui sotto.",
  },
];

const KIND_WORDS: Record<ConsultationKind, string> = {
  video: "in videochiamata",
  phone: "al telefono",
};

export function ConsultationBookingForm() {
  const slots = useQuery(slotsQueryOptions());
  const user = useCurrentUser();
  const isClient = user !== null && !canWorkCases(user.roles);
  const practices = useQuery({ ...myPracticesQueryOptions(user?.id ?? ""), enabled: isClient });
  const practiceOptions = (practices.data?.data ?? []).map((practice) => ({
    value: practice.practiceId,
    label: `Pratica ${practice.ticketCode}`,
  }));
  const slotsTitle = useRef<HTMLHeadingElement>(null);
  // Said above the slots once they were read again after the chosen one was taken.
  const [slotsRenewed, setSlotsRenewed] = useState(false);
  const book = useBookConsultation({
    ...SENT_BY_FORM,
    onError: (error) => {
      if (!isSlotGone(error)) return;
      form.setValue("startsAt", "");
      setSlotsRenewed(true);
      setTimeout(() => slotsTitle.current?.focus(), 0);
    },
  });
  const checked = useCheckedForm<BookingValues, ConsultationBooking, BookingAnswer>({
    resolver: schemaResolver(ConsultationBookingSchema),
    defaultValues: EMPTY,
    fieldNames: FIELDS.map((field) => field.name),
    send: (body) => {
      setSlotsRenewed(false);
      return book.mutateAsync(body);
    },
    fieldOfError: (error) => (isSlotGone(error) ? "startsAt" : undefined),
  });
  const { form, field, submit, onSubmit, issuesPlaced, summaryRef } = checked;
  // Prerendered, the page sends nothing until it is live: a click before that would post the page itself.
  const canSubmit = useHydrated() && !submit.isPending;

  // A signed-in person's name and address, where nothing was typed yet.
  useEffect(() => {
    if (!user) return;
    const { getValues, setValue } = form;
    const fullName = [user.name, user.lastname].filter(Boolean).join(" ");
    if (!getValues("name") && fullName) setValue("name", fullName);
    if (!getValues("email") && user.email) setValue("email", user.email);
  }, [user, form]);

  const selected = form.watch("startsAt");
  const byPhone = form.watch("kind") === "phone";
  const selectedSlot = slots.data?.slots.find((slot) => slot.startsAt === selected);

  return (
    <>
      <StatusRegion>
        {submit.isSuccess ? (
          <Booked answer={submit.data} slot={selectedSlot} kind={form.getValues("kind")} />
        ) : null}
      </StatusRegion>
      {submit.isSuccess ? null : (
        <form className={styles.bookingForm} method="post" noValidate onSubmit={onSubmit}>
          <ErrorSummary
            formState={form.formState}
            fields={FIELDS}
            onSelect={form.setFocus}
            summaryRef={summaryRef}
            headingLevel={2}
          />
          <section className={styles.step} aria-labelledby="consulenza-orari">
            <h2 id="consulenza-orari" ref={slotsTitle} tabIndex={-1} className={styles.stepTitle}>
              <span className={styles.stepNumber} aria-hidden="true">
                1
              </span>
              Scegli giorno e orario
            </h2>
            <p className={styles.stepIntro}>Gli orari sono quelli italiani. La consulenza dura 30 minuti.</p>
            <SlotsRenewed shown={slotsRenewed} />
            <SlotsState slots={slots}>
              {(answer) => <SlotPicker slots={answer.slots} selected={selected} {...field("startsAt")} />}
            </SlotsState>
            <StatusRegion>
              {selectedSlot ? (
                <p className={styles.chosen}>
                  Hai scelto: <strong>{slotText(selectedSlot)}</strong>
                </p>
              ) : null}
            </StatusRegion>
          </section>

          <section className={styles.step} aria-labelledby="consulenza-dati">
            <h2 id="consulenza-dati" className={styles.stepTitle}>
              <span className={styles.stepNumber} aria-hidden="true">
                2
              </span>
              I tuoi dati
            </h2>
            <p className={styles.stepIntro}>
              Ci servono solo per la consulenza: non devi raccontarci nulla del tuo caso adesso.
            </p>
            <div className={styles.fields}>
              <RequiredNote />
              <TextField label="Nome e cognome" autoComplete="name" required {...field("name")} />
              <EmailField
                hint="Qui ti mandiamo il link per confermare la consulenza, poi l'invito per il calendario."
                required
                {...field("email")}
              />
              <RadioGroupField
                label="Come preferisci parlare"
                options={KIND_OPTIONS}
                required
                {...field("kind")}
              />
              <TextField
                label="Telefono"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                hint={
                  byPhone
                    ? "Ti chiamiamo a questo numero."
                    : "Facoltativo per la videochiamata: serve solo se vuoi che ti avvisiamo per telefono di un imprevisto."
                }
                required={byPhone}
                {...field("phone")}
              />
              {isClient && practiceOptions.length > 0 ? (
                <SelectField
                  label="Vuoi collegare una tua pratica?"
                  hint="Facoltativo: l'avvocato la legge prima della consulenza."
                  options={practiceOptions}
                  placeholder="Nessuna pratica"
                  {...field("practiceId", { setValueAs: (value: string) => value || undefined })}
                />
              ) : null}
              <CheckboxField
                label={
                  <>
                    Ho letto l'
                    <Link to={PRIVACY_PATH} className={styles.privacyLink}>
                      informativa sulla privacy
                    </Link>{" "}
                    e acconsento al trattamento dei miei dati per organizzare la consulenza.
                  </>
                }
                required
                {...field("privacyAccepted")}
              />
              <SendError error={submit.error} issuesPlaced={issuesPlaced} />
              <FormEnd
                form={checked}
                label="Prenota la consulenza gratuita"
                pendingLabel="Prenotazione in corso…"
                disabled={!canSubmit}
              />
            </div>
          </section>
        </form>
      )}
    </>
  );
}

/**
 * What follows the form, in its place, taking the focus: a request waits for the mail's link (the slot is
 * not held until then); a client's own booking is fixed. The slot and the kind are the form's: a request's
 * answer names no consultation.
 */
function Booked({
  answer,
  slot,
  kind,
}: {
  answer: BookingAnswer;
  slot: { date: string; time: string } | undefined;
  kind: ConsultationKind | "";
}) {
  const ref = useFocusOnMount<HTMLDivElement>(true);
  const booked = answer.consultation;
  return (
    <div ref={ref} tabIndex={-1} className={styles.booked}>
      {booked ? (
        <FormMessage tone="success">
          <h2 className={styles.bookedTitle}>Consulenza prenotata</h2>
          <p>
            Ti aspettiamo <strong>{slotText(booked)}</strong>, {KIND_WORDS[booked.kind]}, per 30 minuti.
          </p>
          <p>
            Ti abbiamo inviato una e-mail a <strong>{booked.email}</strong> con l'invito per il calendario. La
            trovi anche nella tua area, da dove puoi spostarla o annullarla.
          </p>
        </FormMessage>
      ) : (
        <FormMessage tone="success">
          <h2 className={styles.bookedTitle}>Ci sei quasi: conferma dall'email</h2>
          <p>
            Ti abbiamo scritto a <strong>{answer.email}</strong>. Apri l'email e usa il link per confermare la
            consulenza
            {slot ? (
              <>
                {" "}
                di <strong>{slotText(slot)}</strong>
              </>
            ) : null}
            {kind ? `, ${KIND_WORDS[kind]}` : ""}: finché non la confermi, l'orario non è ancora tuo.
          </p>
          <p>
            Se non trovi l'email, guarda anche nella posta indesiderata. Se hai già chiesto una consulenza
            nelle ultime 24 ore, usa il link della prima email: da lì puoi anche scegliere un altro orario.
          </p>
        </FormMessage>
      )}
      <p className={styles.bookedNext}>
        <Link to="/" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          Torna alla home
        </Link>
      </p>
    </div>
  );
}
