import type { AdminVoucher, AdminVoucherCreate, AdminVoucherPatch } from "@argine/core/catalogue/admin-api";
import { type VoucherForm, VoucherFormSchema } from "@argine/core/catalogue/admin-forms";
import { VOUCHER_DEFAULT_DISCOUNT_PERCENT } from "@argine/core/shared/constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import styles from "../../shared/admin/admin.module.css";
import {
  CreateOrEditPanel,
  type CreateOrEditTexts,
  useCreateOrEditEditor,
} from "../../shared/admin/admin-editor.tsx";
import { AdminItemList, type EditorSlot } from "../../shared/admin/admin-list.tsx";
import { NumberField, StateBadge, type SummaryField } from "../../shared/admin/admin-ui.tsx";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { formatShortDay } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, CodeField, ItalianDateField } from "../../shared/ui/form-field.tsx";
import { dayToIso, isoToDay } from "./catalogue-format.ts";
import { adminVouchersQueryOptions, useCreateVoucher, useUpdateVoucher } from "./catalogue-queries.ts";

// /dashboard/admin/vouchers: every voucher (expired and inactive too) and the form to create or edit one.
// The discount is a percent of the discounted price; left empty it is the spec's default of 1% (§9).

const FIELDS: readonly SummaryField<VoucherForm>[] = [
  { name: "code", label: "Codice" },
  { name: "discountAmount", label: "Sconto" },
  { name: "maxUses", label: "Utilizzi massimi" },
  { name: "expiresAt", label: "Scadenza" },
  { name: "active", label: "Attivo" },
];

const EMPTY: VoucherForm = { code: "", discountAmount: "", maxUses: "", expiresAt: "", active: true };

function voucherValues(voucher: AdminVoucher | null): VoucherForm {
  if (!voucher) return EMPTY;
  return {
    code: voucher.code,
    discountAmount: voucher.discountAmount === null ? "" : String(voucher.discountAmount),
    maxUses: voucher.maxUses === null ? "" : String(voucher.maxUses),
    expiresAt: isoToDay(voucher.expiresAt),
    active: voucher.active,
  };
}

const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

export function voucherBody(form: VoucherForm): AdminVoucherCreate {
  return {
    code: form.code,
    discountAmount: optionalNumber(form.discountAmount),
    maxUses: optionalNumber(form.maxUses),
    expiresAt: dayToIso(form.expiresAt, "end"),
    active: form.active,
  };
}

/** Only what changed; an expiry on the same day as before stays as it was. */
export function voucherPatch(form: VoucherForm, voucher: AdminVoucher): AdminVoucherPatch {
  const next = voucherBody(form);
  return {
    ...(next.discountAmount === voucher.discountAmount ? {} : { discountAmount: next.discountAmount }),
    ...(next.maxUses === voucher.maxUses ? {} : { maxUses: next.maxUses }),
    ...(form.expiresAt === isoToDay(voucher.expiresAt) ? {} : { expiresAt: next.expiresAt }),
    ...(next.active === voucher.active ? {} : { active: next.active }),
  };
}

function discountLabel(voucher: AdminVoucher): string {
  return voucher.discountAmount === null
    ? `${VOUCHER_DEFAULT_DISCOUNT_PERCENT}% (predefinito)`
    : `${voucher.discountAmount}%`;
}

const TEXTS: CreateOrEditTexts<AdminVoucher> = {
  newTitle: "Nuovo voucher",
  editTitle: "Modifica del voucher",
  create: "Crea il voucher",
  save: "Salva il voucher",
  close: "Chiudi e crea un nuovo voucher",
  saved: ({ code }, created) => (created ? `Voucher ${code} creato.` : `Voucher ${code} salvato.`),
};

export function AdminVouchersPage() {
  const query = useQuery(adminVouchersQueryOptions());
  return (
    <AdminItemList
      title="Voucher"
      intro={
        <>
          I codici sconto che i clienti inseriscono al pagamento. Lo sconto è una percentuale del prezzo
          scontato; se lo lasci vuoto vale {VOUCHER_DEFAULT_DISCOUNT_PERCENT}%. Il codice non si cambia dopo
          la creazione: per sostituirlo disattiva il voucher e creane un altro.
        </>
      }
      query={query}
      what="i voucher"
      itemKey={(voucher) => voucher.id}
      editButtonId={(id) => `admin-voucher-edit-${id}`}
      caption={(count) => `Voucher: ${count}, i più recenti per primi`}
      columns={[{ label: "Sconto", number: true }, "Utilizzi", "Scadenza", "Stato"]}
      cells={(voucher) => (
        <>
          <td className={styles.number}>{discountLabel(voucher)}</td>
          <td>
            {voucher.maxUses === null
              ? `${voucher.uses}, senza limite`
              : `${voucher.uses} su ${voucher.maxUses}`}
          </td>
          <td>{formatShortDay(voucher.expiresAt, "Non scade")}</td>
          <td>
            <StateBadge on={voucher.active} labels={["Attivo", "Non attivo"]} />
          </td>
        </>
      )}
      editor={(slot) => <VoucherEditor slot={slot} />}
    />
  );
}

export function VoucherEditor({ slot }: { slot: EditorSlot<AdminVoucher> }) {
  const editor = useCreateOrEditEditor({
    slot,
    texts: TEXTS,
    resolver: zodResolver(VoucherFormSchema),
    fields: FIELDS,
    values: voucherValues,
    body: voucherBody,
    patch: voucherPatch,
    create: useCreateVoucher(SENT_BY_FORM),
    update: useUpdateVoucher(SENT_BY_FORM),
  });
  const { field } = editor;

  return (
    <CreateOrEditPanel editor={editor}>
      <CodeField
        label="Codice"
        hint="Almeno 3 caratteri: lettere, cifre e trattini (le minuscole diventano maiuscole)."
        required
        readOnly={slot.row !== null}
        {...field("code")}
      />
      <div className={formStyles.row}>
        <NumberField
          label="Sconto in % (facoltativo)"
          hint={`Da 1 a 100. Vuoto: ${VOUCHER_DEFAULT_DISCOUNT_PERCENT}%.`}
          {...field("discountAmount")}
        />
        <NumberField
          label="Utilizzi massimi (facoltativo)"
          hint="Vuoto: senza limite."
          {...field("maxUses")}
        />
      </div>
      <ItalianDateField
        label="Scadenza (facoltativa)"
        hint="Il voucher vale fino alla fine di questo giorno. Vuota: non scade."
        {...field("expiresAt")}
      />
      <CheckboxField label="Attivo: i clienti possono usarlo" {...field("active")} />
    </CreateOrEditPanel>
  );
}
