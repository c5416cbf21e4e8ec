import {
  type AdminGiftCard,
  type AdminGiftCardCreate,
  type AdminGiftCardPatch,
  type GiftCardCreateForm,
  GiftCardCreateFormSchema,
  type GiftCardEditForm,
  giftCardEditFormSchema,
} from "@argine/core/catalogue/admin-api";
import { PROMO_GIFT_CARD_MAX_EUR } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import formStyles from "../ui/form.module.css";
import { CheckboxGroupField, FormMessage, RequiredNote, StatusRegion, TextField } from "../ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import styles from "./admin.module.css";
import { adminGiftCardsQueryOptions, createGiftCard, updateGiftCard } from "./admin-api.ts";
import { dayToIso, formatDay, isoToDay, PRODUCT_OPTIONS, productList } from "./admin-format.ts";
import {
  DataTable,
  ErrorSummary,
  ListLoader,
  PRIMARY,
  SECONDARY,
  SMALL_SECONDARY,
  type SummaryField,
  useFocusOnMount,
} from "./admin-ui.tsx";

// /dashboard/admin/gift-cards: the gift cards with amount and balance, the form to issue one and the form to
// change the balance (0 takes a card out of use), the expiry and the services it pays for.

const CREATE_FIELDS: readonly SummaryField<GiftCardCreateForm>[] = [
  { name: "code", label: "Codice" },
  { name: "promo", label: "Promo" },
  { name: "amount", label: "Importo" },
  { name: "productCodes", label: "Servizi" },
  { name: "expiresAt", label: "Scadenza" },
];
const EDIT_FIELDS: readonly SummaryField<GiftCardEditForm>[] = [
  { name: "balance", label: "Saldo" },
  { name: "productCodes", label: "Servizi" },
  { name: "expiresAt", label: "Scadenza" },
];

const EMPTY: GiftCardCreateForm = { code: "", promo: "", amount: "", productCodes: [], expiresAt: "" };
const editButtonId = (id: string) => `admin-gift-card-edit-${id}`;

export function giftCardBody(form: GiftCardCreateForm): AdminGiftCardCreate {
  return {
    code: form.code,
    promo: form.promo === "" ? null : form.promo,
    amount: parseEuroAmount(form.amount) ?? 0,
    productCodes: form.productCodes,
    expiresAt: dayToIso(form.expiresAt, "end"),
  };
}

function editValues(card: AdminGiftCard): GiftCardEditForm {
  return {
    balance: formatEuroInput(card.balance),
    productCodes: card.productCodes as GiftCardEditForm["productCodes"],
    expiresAt: isoToDay(card.expiresAt),
  };
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function giftCardPatch(form: GiftCardEditForm, card: AdminGiftCard): AdminGiftCardPatch {
  const balance = parseEuroAmount(form.balance) ?? card.balance;
  return {
    ...(balance === card.balance ? {} : { balance }),
    ...(sameCodes(form.productCodes, card.productCodes) ? {} : { productCodes: form.productCodes }),
    ...(form.expiresAt === isoToDay(card.expiresAt) ? {} : { expiresAt: dayToIso(form.expiresAt, "end") }),
  };
}

export function AdminGiftCardsPage() {
  const query = useQuery(adminGiftCardsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [status, setStatus] = useState<string | null>(null);

  const startNew = (focusFrom?: string) => {
    setEditing(null);
    setRound((r) => r + 1);
    if (focusFrom) setTimeout(() => document.getElementById(editButtonId(focusFrom))?.focus(), 0);
  };

  return (
    <section aria-labelledby="admin-gift-cards-title" className={styles.section}>
      <h1 id="admin-gift-cards-title" className={styles.title}>
        Gift card
      </h1>
      <p className={styles.intro}>
        Carte prepagate spendibili sui servizi indicati. Una gift card promozionale vale al massimo{" "}
        {formatAmount(PROMO_GIFT_CARD_MAX_EUR)}. L'importo emesso non cambia; il saldo sì, e a zero la carta
        non si può più usare.
      </p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      <ListLoader query={query} what="le gift card">
        {(cards) => {
          const current = cards.find((c) => c.id === editing) ?? null;
          return (
            <>
              <DataTable caption={`Gift card: ${cards.length}, le più recenti per prime`}>
                <thead>
                  <tr>
                    <th scope="col">Codice</th>
                    <th scope="col">Promo</th>
                    <th scope="col" className={styles.number}>
                      Importo
                    </th>
                    <th scope="col" className={styles.number}>
                      Saldo
                    </th>
                    <th scope="col">Servizi</th>
                    <th scope="col">Scadenza</th>
                    <th scope="col">Assegnata</th>
                    <th scope="col">Azioni</th>
                  </tr>
                </thead>
                <tbody>
                  {cards.map((card) => (
                    <tr key={card.id} className={card.id === editing ? styles.selected : undefined}>
                      <th scope="row">{card.code}</th>
                      <td>{card.promo ?? "—"}</td>
                      <td className={styles.number}>{formatAmount(card.amount)}</td>
                      <td className={styles.number}>{formatAmount(card.balance)}</td>
                      <td>{productList(card.productCodes)}</td>
                      <td>{formatDay(card.expiresAt, "Non scade")}</td>
                      <td>{card.assigned ? "Sì" : "No"}</td>
                      <td>
                        <button
                          type="button"
                          id={editButtonId(card.id)}
                          className={SMALL_SECONDARY}
                          onClick={() => {
                            setStatus(null);
                            setEditing(card.id);
                          }}
                        >
                          Modifica<span className="visually-hidden"> {card.code}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              {current ? (
                <GiftCardEditor
                  key={current.id}
                  card={current}
                  onSaved={(saved) =>
                    setStatus(`Gift card ${saved.code} salvata: saldo ${formatAmount(saved.balance)}.`)
                  }
                  onClose={() => startNew(current.id)}
                />
              ) : (
                <GiftCardCreator
                  key={`new-${round}`}
                  focusHeading={round > 0}
                  onSaved={(saved) => setStatus(`Gift card ${saved.code} creata.`)}
                />
              )}
            </>
          );
        }}
      </ListLoader>
    </section>
  );
}

export function GiftCardCreator({
  focusHeading,
  onSaved,
}: {
  focusHeading: boolean;
  onSaved: (card: AdminGiftCard) => void;
}) {
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const summaryRef = useRef<HTMLElement>(null);
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<GiftCardCreateForm>({
    resolver: zodResolver(GiftCardCreateFormSchema),
    mode: "onTouched",
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const save = useMutation({
    mutationFn: (form: GiftCardCreateForm) => createGiftCard(giftCardBody(form)),
    meta: { hideError: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: adminGiftCardsQueryOptions().queryKey });
      reset(EMPTY);
      onSaved(saved);
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(
        applyServerIssues(
          error,
          { setError, setFocus },
          CREATE_FIELDS.map((f) => f.name),
        ),
      ),
  });
  const error = (name: keyof GiftCardCreateForm) => visibleError(formState, name);

  return (
    <section className={styles.panel} aria-labelledby="admin-gift-card-form-title">
      <h2 id="admin-gift-card-form-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        Nuova gift card
      </h2>
      <form
        className={`${formStyles.form} ${formStyles.wide}`}
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setIssuesPlaced(false);
            save.mutate(values);
          },
          () => setTimeout(() => summaryRef.current?.focus(), 0),
        )}
      >
        <RequiredNote />
        <ErrorSummary
          formState={formState}
          fields={CREATE_FIELDS}
          onSelect={setFocus}
          summaryRef={summaryRef}
        />
        {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
        <div className={formStyles.row}>
          <TextField
            label="Codice"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Almeno 3 caratteri: lettere, cifre e trattini."
            required
            registration={register("code")}
            error={error("code")}
          />
          <TextField
            label="Promo (facoltativa)"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="Il codice promozionale con cui è stata richiesta, se c'è."
            registration={register("promo")}
            error={error("promo")}
          />
        </div>
        <div className={formStyles.row}>
          <TextField
            label="Importo in €"
            inputMode="decimal"
            autoComplete="off"
            hint="Per esempio 150,00. Il saldo parte da qui."
            required
            registration={register("amount")}
            error={error("amount")}
          />
          <TextField
            label="Scadenza (facoltativa)"
            type="date"
            hint="Vale fino alla fine di questo giorno. Vuota: non scade."
            registration={register("expiresAt")}
            error={error("expiresAt")}
          />
        </div>
        <CheckboxGroupField
          label="Servizi su cui si può spendere"
          hint="Nessuno selezionato: tutti i servizi."
          options={PRODUCT_OPTIONS}
          registration={register("productCodes")}
          error={error("productCodes")}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : "Crea la gift card"}
          </button>
        </div>
      </form>
    </section>
  );
}

export function GiftCardEditor({
  card,
  onSaved,
  onClose,
}: {
  card: AdminGiftCard;
  onSaved: (card: AdminGiftCard) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  const summaryRef = useRef<HTMLElement>(null);
  const schema = useMemo(() => giftCardEditFormSchema(card.amount), [card.amount]);
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<GiftCardEditForm>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: editValues(card),
    shouldFocusError: false,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (patch: AdminGiftCardPatch) => updateGiftCard(card.id, patch),
    meta: { hideError: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: adminGiftCardsQueryOptions().queryKey });
      reset(editValues(saved));
      onSaved(saved);
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(
        applyServerIssues(
          error,
          { setError, setFocus },
          EDIT_FIELDS.map((f) => f.name),
        ),
      ),
  });
  const error = (name: keyof GiftCardEditForm) => visibleError(formState, name);

  return (
    <section className={styles.panel} aria-labelledby="admin-gift-card-form-title">
      <h2 id="admin-gift-card-form-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        Modifica della gift card {card.code}
      </h2>
      <dl className={styles.readOnly}>
        <dt>Importo emesso</dt>
        <dd>{formatAmount(card.amount)}</dd>
      </dl>
      <form
        className={`${formStyles.form} ${formStyles.wide}`}
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setIssuesPlaced(false);
            const patch = giftCardPatch(values, card);
            setUnchanged(Object.keys(patch).length === 0);
            if (Object.keys(patch).length > 0) save.mutate(patch);
          },
          () => setTimeout(() => summaryRef.current?.focus(), 0),
        )}
      >
        <RequiredNote />
        <ErrorSummary
          formState={formState}
          fields={EDIT_FIELDS}
          onSelect={setFocus}
          summaryRef={summaryRef}
        />
        {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
        {unchanged ? <FormMessage tone="info">{MESSAGES.nothingToChange}</FormMessage> : null}
        <div className={formStyles.row}>
          <TextField
            label="Saldo in €"
            inputMode="decimal"
            autoComplete="off"
            hint={`Da 0,00 a ${formatEuroInput(card.amount)}. A zero la carta non si può più usare.`}
            required
            registration={register("balance")}
            error={error("balance")}
          />
          <TextField
            label="Scadenza (facoltativa)"
            type="date"
            hint="Vale fino alla fine di questo giorno. Vuota: non scade."
            registration={register("expiresAt")}
            error={error("expiresAt")}
          />
        </div>
        <CheckboxGroupField
          label="Servizi su cui si può spendere"
          hint="Nessuno selezionato: tutti i servizi."
          options={PRODUCT_OPTIONS}
          registration={register("productCodes")}
          error={error("productCodes")}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : "Salva la gift card"}
          </button>
          <button type="button" className={SECONDARY} onClick={onClose}>
            Chiudi e crea una nuova gift card
          </button>
        </div>
      </form>
    </section>
  );
}
