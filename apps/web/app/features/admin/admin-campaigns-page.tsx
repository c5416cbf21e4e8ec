import {
  type AdminCampaign,
  type AdminCampaignCreate,
  type AdminCampaignPatch,
  type CampaignForm,
  CampaignFormSchema,
} from "@argine/core/catalogue/admin-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import formStyles from "../ui/form.module.css";
import {
  CheckboxField,
  CheckboxGroupField,
  FormMessage,
  RequiredNote,
  StatusRegion,
  TextField,
} from "../ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import styles from "./admin.module.css";
import { adminCampaignsQueryOptions, createCampaign, updateCampaign } from "./admin-api.ts";
import { dayToIso, formatDay, isoToDay, PRODUCT_OPTIONS, productList } from "./admin-format.ts";
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

// /dashboard/admin/campaigns: sponsored campaigns (a sponsor covers a percent of some services' price, up to a
// cap per order) and the form to create or edit one.

const FIELDS: readonly SummaryField<CampaignForm>[] = [
  { name: "code", label: "Codice" },
  { name: "name", label: "Nome" },
  { name: "sponsor", label: "Sponsor" },
  { name: "coveragePercent", label: "Copertura" },
  { name: "maxAmount", label: "Tetto per ordine" },
  { name: "minAmount", label: "Importo minimo dell'ordine" },
  { name: "productCodes", label: "Servizi coperti" },
  { name: "order", label: "Ordine" },
  { name: "startsAt", label: "Inizio" },
  { name: "endsAt", label: "Fine" },
  { name: "active", label: "Attiva" },
];
const FIELD_NAMES = FIELDS.map((f) => f.name);

const EMPTY: CampaignForm = {
  code: "",
  name: "",
  sponsor: "",
  coveragePercent: "",
  maxAmount: "",
  minAmount: "0,00",
  productCodes: [],
  order: "0",
  startsAt: "",
  endsAt: "",
  active: true,
};
const editButtonId = (id: string) => `admin-campaign-edit-${id}`;

function campaignValues(campaign: AdminCampaign | null): CampaignForm {
  if (!campaign) return EMPTY;
  return {
    code: campaign.code,
    name: campaign.name,
    sponsor: campaign.sponsor,
    coveragePercent: String(campaign.coveragePercent),
    maxAmount: campaign.maxAmount === null ? "" : formatEuroInput(campaign.maxAmount),
    minAmount: formatEuroInput(campaign.minAmount),
    productCodes: campaign.productCodes as CampaignForm["productCodes"],
    order: String(campaign.order),
    startsAt: isoToDay(campaign.startsAt),
    endsAt: isoToDay(campaign.endsAt),
    active: campaign.active,
  };
}

export function campaignBody(form: CampaignForm): AdminCampaignCreate {
  return {
    code: form.code,
    name: form.name,
    sponsor: form.sponsor,
    coveragePercent: Number(form.coveragePercent),
    maxAmount: form.maxAmount === "" ? null : (parseEuroAmount(form.maxAmount) ?? null),
    minAmount: parseEuroAmount(form.minAmount) ?? 0,
    productCodes: form.productCodes,
    order: Number(form.order),
    startsAt: dayToIso(form.startsAt, "start"),
    endsAt: dayToIso(form.endsAt, "end"),
    active: form.active,
  };
}

const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed; a day left as it was keeps its stored instant. */
export function campaignPatch(form: CampaignForm, campaign: AdminCampaign): AdminCampaignPatch {
  const next = campaignBody(form);
  return {
    ...(next.name === campaign.name ? {} : { name: next.name }),
    ...(next.sponsor === campaign.sponsor ? {} : { sponsor: next.sponsor }),
    ...(next.coveragePercent === campaign.coveragePercent ? {} : { coveragePercent: next.coveragePercent }),
    ...(next.maxAmount === campaign.maxAmount ? {} : { maxAmount: next.maxAmount }),
    ...(next.minAmount === campaign.minAmount ? {} : { minAmount: next.minAmount }),
    ...(sameCodes(next.productCodes, campaign.productCodes) ? {} : { productCodes: next.productCodes }),
    ...(next.order === campaign.order ? {} : { order: next.order }),
    ...(form.startsAt === isoToDay(campaign.startsAt) ? {} : { startsAt: next.startsAt }),
    ...(form.endsAt === isoToDay(campaign.endsAt) ? {} : { endsAt: next.endsAt }),
    ...(next.active === campaign.active ? {} : { active: next.active }),
  };
}

function period(campaign: AdminCampaign): string {
  if (!campaign.startsAt && !campaign.endsAt) return "Sempre";
  if (!campaign.startsAt) return `Fino al ${formatDay(campaign.endsAt)}`;
  if (!campaign.endsAt) return `Dal ${formatDay(campaign.startsAt)}`;
  return `Dal ${formatDay(campaign.startsAt)} al ${formatDay(campaign.endsAt)}`;
}

export function AdminCampaignsPage() {
  const query = useQuery(adminCampaignsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [status, setStatus] = useState<string | null>(null);

  const startNew = (focusFrom?: string) => {
    setEditing(null);
    setRound((r) => r + 1);
    if (focusFrom) setTimeout(() => document.getElementById(editButtonId(focusFrom))?.focus(), 0);
  };

  return (
    <section aria-labelledby="admin-campaigns-title" className={styles.section}>
      <h1 id="admin-campaigns-title" className={styles.title}>
        Campagne sponsorizzate
      </h1>
      <p className={styles.intro}>
        Uno sponsor paga una parte del prezzo scontato dei servizi coperti, fino a un tetto per ordine. Al
        pagamento si applica la prima campagna attiva, nell'ordine indicato, che copre almeno uno dei servizi
        scelti.
      </p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      <ListLoader query={query} what="le campagne">
        {(campaigns) => {
          const current = campaigns.find((c) => c.id === editing) ?? null;
          return (
            <>
              <DataTable caption={`Campagne: ${campaigns.length}, nell'ordine in cui si applicano`}>
                <thead>
                  <tr>
                    <th scope="col">Codice</th>
                    <th scope="col">Nome e sponsor</th>
                    <th scope="col" className={styles.number}>
                      Copertura
                    </th>
                    <th scope="col" className={styles.number}>
                      Tetto per ordine
                    </th>
                    <th scope="col">Servizi</th>
                    <th scope="col">Periodo</th>
                    <th scope="col">Stato</th>
                    <th scope="col">Azioni</th>
                  </tr>
                </thead>
                <tbody>
                  {campaigns.map((campaign) => (
                    <tr key={campaign.id} className={campaign.id === editing ? styles.selected : undefined}>
                      <th scope="row">{campaign.code}</th>
                      <td>
                        {campaign.name}
                        <br />
                        <span className={styles.muted}>{campaign.sponsor}</span>
                      </td>
                      <td className={styles.number}>{campaign.coveragePercent}%</td>
                      <td className={styles.number}>
                        {campaign.maxAmount === null ? "Nessuno" : formatAmount(campaign.maxAmount)}
                      </td>
                      <td>{productList(campaign.productCodes)}</td>
                      <td>{period(campaign)}</td>
                      <td>
                        <StateBadge on={campaign.active} labels={["Attiva", "Non attiva"]} />
                      </td>
                      <td>
                        <button
                          type="button"
                          id={editButtonId(campaign.id)}
                          className={SMALL_SECONDARY}
                          onClick={() => {
                            setStatus(null);
                            setEditing(campaign.id);
                          }}
                        >
                          Modifica<span className="visually-hidden"> {campaign.code}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              <CampaignEditor
                key={current ? current.id : `new-${round}`}
                campaign={current}
                focusHeading={current !== null || round > 0}
                onSaved={(saved, created) =>
                  setStatus(created ? `Campagna ${saved.code} creata.` : `Campagna ${saved.code} salvata.`)
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

export function CampaignEditor({
  campaign,
  focusHeading,
  onSaved,
  onClose,
}: {
  campaign: AdminCampaign | null;
  focusHeading: boolean;
  onSaved: (campaign: AdminCampaign, created: boolean) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  const summaryRef = useRef<HTMLElement>(null);
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<CampaignForm>({
    resolver: zodResolver(CampaignFormSchema),
    mode: "onTouched",
    defaultValues: campaignValues(campaign),
    shouldFocusError: false,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (form: CampaignForm) =>
      campaign
        ? updateCampaign(campaign.id, campaignPatch(form, campaign))
        : createCampaign(campaignBody(form)),
    meta: { hideError: true },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: adminCampaignsQueryOptions().queryKey });
      reset(campaign ? campaignValues(saved) : EMPTY);
      onSaved(saved, campaign === null);
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, FIELD_NAMES)),
  });
  const error = (name: keyof CampaignForm) => visibleError(formState, name);

  return (
    <section className={styles.panel} aria-labelledby="admin-campaign-form-title">
      <h2 id="admin-campaign-form-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        {campaign ? `Modifica della campagna ${campaign.code}` : "Nuova campagna"}
      </h2>
      <form
        className={`${formStyles.form} ${formStyles.wide}`}
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setIssuesPlaced(false);
            const nothing = campaign !== null && Object.keys(campaignPatch(values, campaign)).length === 0;
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
          hint="Almeno 3 caratteri: lettere, cifre e trattini. Non si cambia dopo la creazione."
          required
          readOnly={campaign !== null}
          registration={register("code")}
          error={error("code")}
        />
        <div className={formStyles.row}>
          <TextField label="Nome" required registration={register("name")} error={error("name")} />
          <TextField label="Sponsor" required registration={register("sponsor")} error={error("sponsor")} />
        </div>
        <div className={formStyles.row}>
          <TextField
            label="Copertura in %"
            inputMode="numeric"
            autoComplete="off"
            hint="La parte del prezzo scontato pagata dallo sponsor, da 0 a 100."
            required
            registration={register("coveragePercent")}
            error={error("coveragePercent")}
          />
          <TextField
            label="Tetto per ordine in € (facoltativo)"
            inputMode="decimal"
            autoComplete="off"
            hint="Il massimo che lo sponsor paga per un ordine. Vuoto: nessun tetto."
            registration={register("maxAmount")}
            error={error("maxAmount")}
          />
        </div>
        <div className={formStyles.row}>
          <TextField
            label="Importo minimo dell'ordine in €"
            inputMode="decimal"
            autoComplete="off"
            hint="Per esempio 0,00 o 150,00."
            required
            registration={register("minAmount")}
            error={error("minAmount")}
          />
          <TextField
            label="Ordine"
            inputMode="numeric"
            autoComplete="off"
            hint="Le campagne con il numero più basso si applicano per prime."
            required
            registration={register("order")}
            error={error("order")}
          />
        </div>
        <CheckboxGroupField
          label="Servizi coperti"
          hint="Nessuno selezionato: la campagna copre tutti i servizi."
          options={PRODUCT_OPTIONS}
          registration={register("productCodes")}
          error={error("productCodes")}
        />
        <div className={formStyles.row}>
          <TextField
            label="Inizio (facoltativo)"
            type="date"
            hint="Dal primo momento di questo giorno."
            registration={register("startsAt")}
            error={error("startsAt")}
          />
          <TextField
            label="Fine (facoltativa)"
            type="date"
            hint="Fino alla fine di questo giorno."
            registration={register("endsAt")}
            error={error("endsAt")}
          />
        </div>
        <CheckboxField
          label="Attiva: si applica agli ordini"
          registration={register("active")}
          error={error("active")}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : campaign ? "Salva la campagna" : "Crea la campagna"}
          </button>
          {campaign ? (
            <button type="button" className={SECONDARY} onClick={onClose}>
              Chiudi e crea una nuova campagna
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
