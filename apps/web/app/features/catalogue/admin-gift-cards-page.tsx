import type {
  AdminGiftCard,
  AdminGiftCardCreate,
  AdminGiftCardPatch,
} from "@argine/core/catalogue/admin-api";
import {
  type GiftCardCreateForm,
  GiftCardCreateFormSchema,
  type GiftCardEditForm,
  giftCardEditFormSchema,
} from "@argine/core/catalogue/admin-forms";
import { PROMO_GIFT_CARD_MAX_EUR } from "@argine/core/shared/constants";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import styles from "../../shared/admin/admin.module.css";
import { AdminEditorPanel, useAdminEditor } from "../../shared/admin/admin-editor.tsx";
import { AdminItemList, type EditorSlot } from "../../shared/admin/admin-list.tsx";
import { NumberField, type SummaryField } from "../../shared/admin/admin-ui.tsx";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { formatShortDay } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import {
  CheckboxGroupField,
  CodeField,
  type FieldBinding,
  ItalianDateField,
} from "../../shared/ui/form-field.tsx";
import { dayToIso, isoToDay, PRODUCT_OPTIONS, productList, sameCodes } from "./catalogue-format.ts";
import { adminGiftCardsQueryOptions, useCreateGiftCard, useUpdateGiftCard } from "./catalogue-queries.ts";

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

export function giftCardPatch(form: GiftCardEditForm, card: AdminGiftCard): AdminGiftCardPatch {
  const balance = parseEuroAmount(form.balance) ?? card.balance;
  return {
    ...(balance === card.balance ? {} : { balance }),
    ...(sameCodes(form.productCodes, card.productCodes) ? {} : { productCodes: form.productCodes }),
    ...(form.expiresAt === isoToDay(card.expiresAt) ? {} : { expiresAt: dayToIso(form.expiresAt, "end") }),
  };
}

// The two fields the issuing and the editing form share.
function ExpiryField(binding: FieldBinding) {
  return (
    <ItalianDateField
      label="Scadenza (facoltativa)"
      hint="Vale fino alla fine di questo giorno. Vuota: non scade."
      {...binding}
    />
  );
}

function ServicesField(binding: FieldBinding) {
  return (
    <CheckboxGroupField
      label="Servizi su cui si può spendere"
      hint="Nessuno selezionato: tutti i servizi."
      options={PRODUCT_OPTIONS}
      {...binding}
    />
  );
}

export function AdminGiftCardsPage() {
  const query = useQuery(adminGiftCardsQueryOptions());
  return (
    <AdminItemList
      title="Gift card"
      intro={
        <>
          Carte prepagate spendibili sui servizi indicati. Una gift card promozionale vale al massimo{" "}
          {formatAmount(PROMO_GIFT_CARD_MAX_EUR)}. L'importo emesso non cambia; il saldo sì, e a zero la carta
          non si può più usare.
        </>
      }
      query={query}
      what="le gift card"
      itemKey={(card) => card.id}
      editButtonId={(id) => `admin-gift-card-edit-${id}`}
      caption={(count) => `Gift card: ${count}, le più recenti per prime`}
      columns={[
        "Promo",
        { label: "Importo", number: true },
        { label: "Saldo", number: true },
        "Servizi",
        "Scadenza",
        "Assegnata",
      ]}
      cells={(card) => (
        <>
          <td>{card.promo ?? "—"}</td>
          <td className={styles.number}>{formatAmount(card.amount)}</td>
          <td className={styles.number}>{formatAmount(card.balance)}</td>
          <td>{productList(card.productCodes)}</td>
          <td>{formatShortDay(card.expiresAt, "Non scade")}</td>
          <td>{card.assigned ? "Sì" : "No"}</td>
        </>
      )}
      editor={(slot) =>
        slot.row ? <GiftCardEditor card={slot.row} slot={slot} /> : <GiftCardCreator slot={slot} />
      }
    />
  );
}

export function GiftCardCreator({ slot }: { slot: EditorSlot<AdminGiftCard> }) {
  const create = useCreateGiftCard(SENT_BY_FORM);
  const editor = useAdminEditor({
    resolver: zodResolver(GiftCardCreateFormSchema),
    defaultValues: EMPTY,
    fields: CREATE_FIELDS,
    focusHeading: slot.focusHeading,
    send: (form: GiftCardCreateForm) => create.mutateAsync(giftCardBody(form)),
    resetTo: () => EMPTY,
    onSaved: (saved) => slot.say(`Gift card ${saved.code} creata.`),
  });
  const { field } = editor;

  return (
    <AdminEditorPanel title="Nuova gift card" editor={editor} submitLabel="Crea la gift card">
      <div className={formStyles.row}>
        <CodeField
          label="Codice"
          hint="Almeno 3 caratteri: lettere, cifre e trattini."
          required
          {...field("code")}
        />
        <CodeField
          label="Promo (facoltativa)"
          hint="Il codice promozionale con cui è stata richiesta, se c'è."
          {...field("promo")}
        />
      </div>
      <div className={formStyles.row}>
        <NumberField
          label="Importo in €"
          decimal
          hint="Per esempio 150,00. Il saldo parte da qui."
          required
          {...field("amount")}
        />
        <ExpiryField {...field("expiresAt")} />
      </div>
      <ServicesField {...field("productCodes")} />
    </AdminEditorPanel>
  );
}

export function GiftCardEditor({ card, slot }: { card: AdminGiftCard; slot: EditorSlot<AdminGiftCard> }) {
  // The balance's upper bound is this card's amount.
  const schema = useMemo(() => giftCardEditFormSchema(card.amount), [card.amount]);
  const update = useUpdateGiftCard(SENT_BY_FORM);
  const editor = useAdminEditor({
    resolver: zodResolver(schema),
    defaultValues: editValues(card),
    fields: EDIT_FIELDS,
    focusHeading: slot.focusHeading,
    send: (form: GiftCardEditForm) => update.mutateAsync({ id: card.id, body: giftCardPatch(form, card) }),
    changes: (form) => giftCardPatch(form, card),
    resetTo: editValues,
    onSaved: (saved) => slot.say(`Gift card ${saved.code} salvata: saldo ${formatAmount(saved.balance)}.`),
  });
  const { field } = editor;

  return (
    <AdminEditorPanel
      title={<>Modifica della gift card {card.code}</>}
      editor={editor}
      beforeForm={
        <dl className={styles.readOnly}>
          <dt>Importo emesso</dt>
          <dd>{formatAmount(card.amount)}</dd>
        </dl>
      }
      submitLabel="Salva la gift card"
      close={{ label: "Chiudi e crea una nuova gift card", onClick: slot.close }}
    >
      <div className={formStyles.row}>
        <NumberField
          label="Saldo in €"
          decimal
          hint={`Da 0,00 a ${formatEuroInput(card.amount)}. A zero la carta non si può più usare.`}
          required
          {...field("balance")}
        />
        <ExpiryField {...field("expiresAt")} />
      </div>
      <ServicesField {...field("productCodes")} />
    </AdminEditorPanel>
  );
}
