import {
  type AdminVoucher,
  type AdminVoucherCreate,
  type AdminVoucherPatch,
  type VoucherForm,
  VoucherFormSchema,
} from "@argine/core/catalogue/admin-api";
import { VOUCHER_DEFAULT_DISCOUNT_PERCENT } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import formStyles from "../ui/form.module.css";
import { CheckboxField, FormMessage, RequiredNote, StatusRegion, TextField } from "../ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import styles from "./admin.module.css";
import { adminVouchersQueryOptions, createVoucher, updateVoucher } from "./admin-api.ts";
import { dayToIso, formatDay, isoToDay } from "./admin-format.ts";
import {
  DataTable,
  ErrorSummary,
  ListLoader,
  PRIMARY,
  SECONDARY,
  SMALL_SECONDARY,
  StateBadge,
  type SummaryField,
  useFocusOnMount,
} from "./admin-ui.tsx";

// /dashboard/admin/vouchers: every voucher (expired and inactive too) and the form to create or edit one.
// The discount is a percent of the discounted price; left empty it is the spec's default of 1% (§9).

const FIELDS: readonly SummaryField<VoucherForm>[] = [
  { name: "code", label: "Codice" },
  { name: "discountAmount", label: "Sconto" },
  { name: "maxUses", label: "Utilizzi massimi" },
  { name: "expiresAt", label: "Scadenza" },
  { name: "active", label: "Attivo" },
];
const FIELD_NAMES = FIELDS.map((f) => f.name);

const EMPTY: VoucherForm = { code: "", discountAmount: "", maxUses: "", expiresAt: "", active: true };
const editButtonId = (id: string) => `admin-voucher-edit-${id}`;

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

export function AdminVouchersPage() {
  const query = useQuery(adminVouchersQueryOptions());
  // null: the form creates a new voucher; an id: it edits that one. `round` remounts the form afresh.
  const [editing, setEditing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [status, setStatus] = useState<string | null>(null);

  const startNew = (focusFrom?: string) => {
    setEditing(null);
    setRound((r) => r + 1);
    if (focusFrom) setTimeout(() => document.getElementById(editButtonId(focusFrom))?.focus(), 0);
  };

  return (
    <section aria-labelledby="admin-vouchers-title" className={styles.section}>
      <h1 id="admin-vouchers-title" className={styles.title}>
        Voucher
      </h1>
      <p className={styles.intro}>
        I codici sconto che i clienti inseriscono al pagamento. Lo sconto è una percentuale del prezzo
        scontato; se lo lasci vuoto vale {VOUCHER_DEFAULT_DISCOUNT_PERCENT}%. Il codice non si cambia dopo la
        creazione: per sostituirlo disattiva il voucher e creane un altro.
      </p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      <ListLoader query={query} what="i voucher">
        {(vouchers) => {
          const current = vouchers.find((v) => v.id === editing) ?? null;
          return (
            <>
              <DataTable caption={`Voucher: ${vouchers.length}, i più recenti per primi`}>
                <thead>
                  <tr>
                    <th scope="col">Codice</th>
                    <th scope="col" className={styles.number}>
                      Sconto
                    </th>
                    <th scope="col">Utilizzi</th>
                    <th scope="col">Scadenza</th>
                    <th scope="col">Stato</th>
                    <th scope="col">Azioni</th>
                  </tr>
                </thead>
                <tbody>
                  {vouchers.map((voucher) => (
                    <tr key={voucher.id} className={voucher.id === editing ? styles.selected : undefined}>
                      <th scope="row">{voucher.code}</th>
                      <td className={styles.number}>{discountLabel(voucher)}</td>
                      <td>
                        {voucher.maxUses === null
                          ? `${voucher.uses}, senza limite`
                          : `${voucher.uses} su ${voucher.maxUses}`}
                      </td>
                      <td>{formatDay(voucher.expiresAt, "Non scade")}</td>
                      <td>
                        <StateBadge on={voucher.active} labels={["Attivo", "Non attivo"]} />
                      </td>
                      <td>
                        <button
                          type="button"
                          id={editButtonId(voucher.id)}
                          className={SMALL_SECONDARY}
                          onClick={() => {
                            setStatus(null);
                            setEditing(voucher.id);
                          }}
                        >
                          Modifica<span className="visually-hidden"> {voucher.code}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              <VoucherEditor
                key={current ? current.id : `new-${round}`}
                voucher={current}
                focusHeading={current !== null || round > 0}
                onSaved={(saved, created) =>
                  setStatus(created ? `Voucher ${saved.code} creato.` : `Voucher ${saved.code} salvato.`)
                }
                onClose={() => startNew(current?.id)}
              />
            </>
          );
        }}
      </ListLoader>
    </section>
  );
}

export function VoucherEditor({
  voucher,
  focusHeading,
  onSaved,
  onClose,
}: {
  voucher: AdminVoucher | null;
  focusHeading: boolean;
  onSaved: (voucher: AdminVoucher, created: boolean) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const summaryRef = useRef<HTMLElement>(null);
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<VoucherForm>({
    resolver: zodResolver(VoucherFormSchema),
    mode: "onTouched",
    defaultValues: voucherValues(voucher),
    shouldFocusError: false,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (form: VoucherForm) =>
      voucher ? updateVoucher(voucher.id, voucherPatch(form, voucher)) : createVoucher(voucherBody(form)),
    meta: { hideError: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: adminVouchersQueryOptions().queryKey });
      reset(voucher ? voucherValues(saved) : EMPTY);
      onSaved(saved, voucher === null);
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, FIELD_NAMES)),
  });
  const error = (name: keyof VoucherForm) => visibleError(formState, name);

  return (
    <section className={styles.panel} aria-labelledby="admin-voucher-form-title">
      <h2 id="admin-voucher-form-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {voucher ? `Modifica del voucher ${voucher.code}` : "Nuovo voucher"}
      </h2>
      <form
        className={`${formStyles.form} ${formStyles.wide}`}
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setIssuesPlaced(false);
            const nothing = voucher !== null && Object.keys(voucherPatch(values, voucher)).length === 0;
            setUnchanged(nothing);
            if (!nothing) save.mutate(values);
          },
          () => setTimeout(() => summaryRef.current?.focus(), 0),
        )}
      >
        <RequiredNote />
        <ErrorSummary formState={formState} fields={FIELDS} onSelect={setFocus} summaryRef={summaryRef} />
        {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
        {unchanged ? <FormMessage tone="info">{MESSAGES.nothingToChange}</FormMessage> : null}
        <TextField
          label="Codice"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="Almeno 3 caratteri: lettere, cifre e trattini (le minuscole diventano maiuscole)."
          required
          readOnly={voucher !== null}
          registration={register("code")}
          error={error("code")}
        />
        <div className={formStyles.row}>
          <TextField
            label="Sconto in % (facoltativo)"
            inputMode="numeric"
            autoComplete="off"
            hint={`Da 1 a 100. Vuoto: ${VOUCHER_DEFAULT_DISCOUNT_PERCENT}%.`}
            registration={register("discountAmount")}
            error={error("discountAmount")}
          />
          <TextField
            label="Utilizzi massimi (facoltativo)"
            inputMode="numeric"
            autoComplete="off"
            hint="Vuoto: senza limite."
            registration={register("maxUses")}
            error={error("maxUses")}
          />
        </div>
        <TextField
          label="Scadenza (facoltativa)"
          type="date"
          hint="Il voucher vale fino alla fine di questo giorno. Vuota: non scade."
          registration={register("expiresAt")}
          error={error("expiresAt")}
        />
        <CheckboxField
          label="Attivo: i clienti possono usarlo"
          registration={register("active")}
          error={error("active")}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : voucher ? "Salva il voucher" : "Crea il voucher"}
          </button>
          {voucher ? (
            <button type="button" className={SECONDARY} onClick={onClose}>
              Chiudi e crea un nuovo voucher
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
