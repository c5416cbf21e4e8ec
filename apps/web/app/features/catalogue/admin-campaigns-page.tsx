import type {
  AdminCampaign,
  AdminCampaignCreate,
  AdminCampaignPatch,
} from "@argine/core/catalogue/admin-api";
import { type CampaignForm, CampaignFormSchema } from "@argine/core/catalogue/admin-forms";
import { capitalized, withDayArticle } from "@argine/core/shared/italian-grammar";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
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
import {
  CheckboxField,
  CheckboxGroupField,
  CodeField,
  ItalianDateField,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { dayToIso, isoToDay, PRODUCT_OPTIONS, productList, sameCodes } from "./catalogue-format.ts";
import { adminCampaignsQueryOptions, useCreateCampaign, useUpdateCampaign } from "./catalogue-queries.ts";

// /dashboard/admin/campaigns: sponsored campaigns (a sponsor covers a percent of some services' price, up to a
// cap per order) and the form to create or edit one.

const FIELDS: readonly SummaryField<CampaignForm>[] = [
  { name: "code", label: "Codice" },
  { name: "name", label: "Nome" },
  { name: "sponsor", label: "Sponsor" },
  { name: "coveragePercent", label: "Copertura" },
  { name: "maxAmount", label: "Tetto per ordine" },
  { name: "budget", label: "Budget dello sponsor" },
  { name: "minAmount", label: "Importo minimo dell'ordine" },
  { name: "productCodes", label: "Servizi coperti" },
  { name: "order", label: "Ordine" },
  { name: "startsAt", label: "Inizio" },
  { name: "endsAt", label: "Fine" },
  { name: "active", label: "Attiva" },
];

const EMPTY: CampaignForm = {
  code: "",
  name: "",
  sponsor: "",
  coveragePercent: "",
  maxAmount: "",
  budget: "",
  minAmount: "0,00",
  productCodes: [],
  order: "0",
  startsAt: "",
  endsAt: "",
  active: true,
};

function campaignValues(campaign: AdminCampaign | null): CampaignForm {
  if (!campaign) return EMPTY;
  return {
    code: campaign.code,
    name: campaign.name,
    sponsor: campaign.sponsor,
    coveragePercent: String(campaign.coveragePercent),
    maxAmount: campaign.maxAmount === null ? "" : formatEuroInput(campaign.maxAmount),
    budget: campaign.budget === null ? "" : formatEuroInput(campaign.budget),
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
    budget: form.budget === "" ? null : (parseEuroAmount(form.budget) ?? null),
    minAmount: parseEuroAmount(form.minAmount) ?? 0,
    productCodes: form.productCodes,
    order: Number(form.order),
    startsAt: dayToIso(form.startsAt, "start"),
    endsAt: dayToIso(form.endsAt, "end"),
    active: form.active,
  };
}

/** Only what changed; a day left as it was keeps its stored instant. */
export function campaignPatch(form: CampaignForm, campaign: AdminCampaign): AdminCampaignPatch {
  const next = campaignBody(form);
  return {
    ...(next.name === campaign.name ? {} : { name: next.name }),
    ...(next.sponsor === campaign.sponsor ? {} : { sponsor: next.sponsor }),
    ...(next.coveragePercent === campaign.coveragePercent ? {} : { coveragePercent: next.coveragePercent }),
    ...(next.maxAmount === campaign.maxAmount ? {} : { maxAmount: next.maxAmount }),
    ...(next.budget === campaign.budget ? {} : { budget: next.budget }),
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
  if (!campaign.startsAt) return `Fino ${withDayArticle("al", formatShortDay(campaign.endsAt))}`;
  const since = capitalized(withDayArticle("dal", formatShortDay(campaign.startsAt)));
  if (!campaign.endsAt) return since;
  return `${since} ${withDayArticle("al", formatShortDay(campaign.endsAt))}`;
}

const TEXTS: CreateOrEditTexts<AdminCampaign> = {
  newTitle: "Nuova campagna",
  editTitle: "Modifica della campagna",
  create: "Crea la campagna",
  save: "Salva la campagna",
  close: "Chiudi e crea una nuova campagna",
  saved: ({ code }, created) => (created ? `Campagna ${code} creata.` : `Campagna ${code} salvata.`),
};

export function AdminCampaignsPage() {
  const query = useQuery(adminCampaignsQueryOptions());
  return (
    <AdminItemList
      title="Campagne sponsorizzate"
      intro={
        <>
          Uno sponsor paga una parte del prezzo scontato dei servizi coperti, fino a un tetto per ordine. Al
          pagamento si applica la prima campagna attiva, nell'ordine indicato, che copre almeno uno dei
          servizi scelti.
        </>
      }
      query={query}
      what="le campagne"
      itemKey={(campaign) => campaign.id}
      editButtonId={(id) => `admin-campaign-edit-${id}`}
      caption={(count) => `Campagne: ${count}, nell'ordine in cui si applicano`}
      columns={[
        "Nome e sponsor",
        { label: "Copertura", number: true },
        { label: "Tetto per ordine", number: true },
        { label: "Budget residuo", number: true },
        "Servizi",
        "Periodo",
        "Stato",
      ]}
      cells={(campaign) => (
        <>
          <td>
            {campaign.name}
            <br />
            <span className={styles.muted}>{campaign.sponsor}</span>
          </td>
          <td className={styles.number}>{campaign.coveragePercent}%</td>
          <td className={styles.number}>
            {campaign.maxAmount === null ? "Nessuno" : formatAmount(campaign.maxAmount)}
          </td>
          <td className={styles.number}>
            {campaign.budget === null ? "Senza limite" : formatAmount(campaign.budget)}
          </td>
          <td>{productList(campaign.productCodes)}</td>
          <td>{period(campaign)}</td>
          <td>
            <StateBadge on={campaign.active} labels={["Attiva", "Non attiva"]} />
          </td>
        </>
      )}
      editor={(slot) => <CampaignEditor slot={slot} />}
    />
  );
}

export function CampaignEditor({ slot }: { slot: EditorSlot<AdminCampaign> }) {
  const editor = useCreateOrEditEditor({
    slot,
    texts: TEXTS,
    resolver: zodResolver(CampaignFormSchema),
    fields: FIELDS,
    values: campaignValues,
    body: campaignBody,
    patch: campaignPatch,
    create: useCreateCampaign(SENT_BY_FORM),
    update: useUpdateCampaign(SENT_BY_FORM),
  });
  const { field } = editor;

  return (
    <CreateOrEditPanel editor={editor}>
      <CodeField
        label="Codice"
        hint="Almeno 3 caratteri: lettere, cifre e trattini. Non si cambia dopo la creazione."
        required
        readOnly={slot.row !== null}
        {...field("code")}
      />
      <div className={formStyles.row}>
        <TextField label="Nome" required {...field("name")} />
        <TextField label="Sponsor" required {...field("sponsor")} />
      </div>
      <div className={formStyles.row}>
        <NumberField
          label="Copertura in %"
          hint="La parte del prezzo scontato pagata dallo sponsor, da 0 a 100."
          required
          {...field("coveragePercent")}
        />
        <NumberField
          label="Tetto per ordine in € (facoltativo)"
          decimal
          hint="Il massimo che lo sponsor paga per un ordine. Vuoto: nessun tetto."
          {...field("maxAmount")}
        />
      </div>
      <NumberField
        label="Budget dello sponsor in € (facoltativo)"
        decimal
        hint="Quanto può ancora spendere lo sponsor: cala a ogni ordine pagato e, finito, la campagna si ferma. Vuoto: senza limite."
        {...field("budget")}
      />
      <div className={formStyles.row}>
        <NumberField
          label="Importo minimo dell'ordine in €"
          decimal
          hint="Per esempio 0,00 o 150,00."
          required
          {...field("minAmount")}
        />
        <NumberField
          label="Ordine"
          hint="Le campagne con il numero più basso si applicano per prime."
          required
          {...field("order")}
        />
      </div>
      <CheckboxGroupField
        label="Servizi coperti"
        hint="Nessuno selezionato: la campagna copre tutti i servizi."
        options={PRODUCT_OPTIONS}
        {...field("productCodes")}
      />
      <div className={formStyles.row}>
        <ItalianDateField
          label="Inizio (facoltativo)"
          hint="Dal primo momento di questo giorno."
          {...field("startsAt")}
        />
        <ItalianDateField
          label="Fine (facoltativa)"
          hint="Fino alla fine di questo giorno."
          {...field("endsAt")}
        />
      </div>
      <CheckboxField label="Attiva: si applica agli ordini" {...field("active")} />
    </CreateOrEditPanel>
  );
}
