import {
  ACCOUNTS_DOCUMENT_KIND,
  type AccountsDocument,
  type AccountsOrdersFilter,
  type AccountsOrdersFilterForm,
  AccountsOrdersFilterSchema,
  type AccountsPeriod,
  AccountsPeriodQuerySchema,
  accountsExportFileName,
} from "@argine/core/invoice/accounts-api";
import { ACCOUNTS_EXPORT_PATHS, type AccountsExportFormat } from "@argine/core/invoice/accounts-routes";
import { ORDER_STATUS, PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { API_PREFIX } from "@argine/core/shared/api-contract";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { capitalized, countOf, withDayArticle } from "@argine/core/shared/italian-grammar";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import {
  AdminPage,
  ColumnHeads,
  DataTable,
  ListLoader,
  PRIMARY,
  SECONDARY,
} from "../../shared/admin/admin-ui.tsx";
import { downloadFile, useDownload } from "../../shared/http/download.ts";
import { formatShortDay } from "../../shared/ui/dates.ts";
import { FormMessage, ItalianDateField, SelectField, StatusRegion } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import {
  ACCOUNTS_PAGE_SIZE,
  adminAccountsDocumentsQueryOptions,
  adminAccountsOrdersQueryOptions,
} from "./invoice-queries.ts";

// /dashboard/admin/accounts ("Contabilità"): for the accountant, a period of Italian calendar days (this
// month unless changed): its invoices and credit notes with their totals, the files to hand over (a CSV
// and a ZIP of FatturaPA XML), and the period's orders with their card payments and refunds.

/** This month in Italy, from its first day to today. */
function thisMonth(): AccountsPeriod {
  const today = romeCalendarDay(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function AdminAccountsPage() {
  const [period, setPeriod] = useState<AccountsPeriod>(thisMonth);
  const { field, onSubmit } = useCheckedForm<AccountsPeriod, AccountsPeriod, AccountsPeriod>({
    resolver: schemaResolver(AccountsPeriodQuerySchema),
    defaultValues: period,
    fieldNames: ["from", "to"],
    focusOnInvalid: "field",
    send: async (chosen) => chosen,
    onSuccess: setPeriod,
  });
  return (
    <AdminPage title="Contabilità">
      <p className={styles.intro}>
        Fatture, note di credito, ordini e pagamenti di un periodo, con i file per il commercialista: il CSV e
        l'archivio ZIP delle fatture elettroniche in formato FatturaPA. I giorni sono quelli del calendario
        italiano, inclusi il primo e l'ultimo.
      </p>
      <form aria-label="Periodo" className={styles.search} onSubmit={onSubmit} noValidate>
        <ItalianDateField label="Dal" required {...field("from")} />
        <ItalianDateField label="Al" required {...field("to")} />
        <button type="submit" className={PRIMARY}>
          Mostra
        </button>
      </form>
      <Documents period={period} />
      <Orders period={period} />
    </AdminPage>
  );
}

const DOCUMENT_COLUMNS = [
  "Numero",
  "Tipo",
  "Data",
  "Cliente",
  "Codice fiscale",
  "Imponibile",
  "IVA",
  "Totale",
  "Pratica",
];

/** A credit note's amounts read as money going back. */
function signed(document: AccountsDocument, amount: number): string {
  return document.kind === "CREDIT_NOTE" ? `−${formatAmount(amount)}` : formatAmount(amount);
}

function Documents({ period }: { period: AccountsPeriod }) {
  const query = useQuery(adminAccountsDocumentsQueryOptions(period));
  return (
    <TitledSection title="Fatture e note di credito" className={styles.section}>
      <Exports period={period} />
      <ListLoader query={query} what="le fatture e le note di credito">
        {(documents) => {
          const net = documents.reduce(
            (sum, doc) => sum + Math.round(doc.total * 100) * (doc.kind === "INVOICE" ? 1 : -1),
            0,
          );
          const invoices = documents.filter((doc) => doc.kind === "INVOICE").length;
          return (
            <DataTable
              caption={`${capitalized(withDayArticle("dal", formatShortDay(period.from)))} ${withDayArticle("al", formatShortDay(period.to))}: ${countOf(invoices, "fattura", "fatture")} e ${countOf(documents.length - invoices, "nota di credito", "note di credito")}, totale netto ${formatAmount(net / 100)}`}
            >
              <ColumnHeads columns={DOCUMENT_COLUMNS} />
              <tbody>
                {documents.length === 0 ? (
                  <tr>
                    <td colSpan={DOCUMENT_COLUMNS.length}>Nessun documento emesso in questo periodo.</td>
                  </tr>
                ) : (
                  documents.map((doc) => (
                    <tr key={doc.id}>
                      <th scope="row">{doc.number}</th>
                      <td>
                        {ACCOUNTS_DOCUMENT_KIND.labels[doc.kind]}
                        {doc.invoiceNumber ? ` della fattura ${doc.invoiceNumber}` : ""}
                      </td>
                      <td>{formatShortDay(doc.issuedAt)}</td>
                      <td className={styles.wrap}>{doc.customerName}</td>
                      <td>{doc.taxCode}</td>
                      <td className={styles.number}>{signed(doc, doc.taxable)}</td>
                      <td className={styles.number}>{signed(doc, doc.vat)}</td>
                      <td className={styles.number}>{signed(doc, doc.total)}</td>
                      <td>{doc.ticketCode}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
          );
        }}
      </ListLoader>
    </TitledSection>
  );
}

/** The two files of the period, fetched with the admin's token and saved by the browser. */
function Exports({ period }: { period: AccountsPeriod }) {
  const save = useDownload((format: AccountsExportFormat) =>
    downloadFile(
      `${API_PREFIX}${ACCOUNTS_EXPORT_PATHS[format]}`,
      { ...period },
      accountsExportFileName(format, period),
    ),
  );
  return (
    <>
      <p className={styles.rowActions}>
        <button
          type="button"
          className={SECONDARY}
          disabled={save.isPending}
          onClick={() => save.mutate("csv")}
        >
          Scarica il CSV
        </button>
        <button
          type="button"
          className={SECONDARY}
          disabled={save.isPending}
          onClick={() => save.mutate("zip")}
        >
          Scarica le FatturaPA (ZIP)
        </button>
      </p>
      <StatusRegion>
        {save.error ? (
          <FormMessage tone="error">
            <p>Il file non è stato scaricato: {save.error.message}</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
    </>
  );
}

const ORDER_COLUMNS = [
  "Creato il",
  "Pratica",
  "Cliente",
  "Stato",
  "Pagamento",
  "Importo",
  "Carta",
  "Gift card",
  "Campagna",
  "Rimborsato",
  "Pagamento con carta",
  "Fattura",
];

const STATUS_OPTIONS = ORDER_STATUS.values.map((value) => ({ value, label: ORDER_STATUS.labels[value] }));
const PAYMENT_OPTIONS = PAYMENT_TYPE.values.map((value) => ({ value, label: PAYMENT_TYPE.labels[value] }));

function Orders({ period }: { period: AccountsPeriod }) {
  const [filter, setFilter] = useState<AccountsOrdersFilter>({ status: undefined, paymentType: undefined });
  const filterForm = useCheckedForm<AccountsOrdersFilterForm, AccountsOrdersFilter, AccountsOrdersFilter>({
    resolver: schemaResolver(AccountsOrdersFilterSchema),
    defaultValues: { status: "", paymentType: "" },
    fieldNames: ["status", "paymentType"],
    focusOnInvalid: "field",
    // Nothing goes to the server: the list below shows its own loading.
    hideSpinner: true,
    send: async (chosen) => chosen,
    onSuccess: setFilter,
  });
  // A filter applies as soon as it is chosen: no button to press.
  const apply = useEffectEvent(() => void filterForm.onSubmit());
  useEffect(() => {
    const subscription = filterForm.form.watch(apply);
    return () => subscription.unsubscribe();
  }, [filterForm.form]);
  // Another filter or period starts again from the first page.
  const listed = JSON.stringify([period, filter]);
  const [paging, setPaging] = useState({ listed, page: 1 });
  const page = paging.listed === listed ? paging.page : 1;
  const query = useQuery(
    adminAccountsOrdersQueryOptions({
      ...period,
      ...filter,
      page,
      pageSize: ACCOUNTS_PAGE_SIZE,
    }),
  );
  return (
    <TitledSection title="Ordini e pagamenti" className={styles.section}>
      <div className={styles.search}>
        <SelectField
          label="Stato dell'ordine"
          placeholder="Tutti"
          options={STATUS_OPTIONS}
          {...filterForm.field("status")}
        />
        <SelectField
          label="Tipo di pagamento"
          placeholder="Tutti"
          options={PAYMENT_OPTIONS}
          {...filterForm.field("paymentType")}
        />
      </div>
      <ListLoader query={query} what="gli ordini">
        {({ total, data }) => {
          const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
          return (
            <>
              <DataTable
                caption={`Ordini del periodo: ${total}, i più recenti per primi (pagina ${page} di ${pages})`}
              >
                <ColumnHeads columns={ORDER_COLUMNS} />
                <tbody>
                  {data.length === 0 ? (
                    <tr>
                      <td colSpan={ORDER_COLUMNS.length}>
                        Nessun ordine in questo periodo con questi filtri.
                      </td>
                    </tr>
                  ) : (
                    data.map((order) => (
                      <tr key={order.id}>
                        <th scope="row">{formatShortDay(order.createdAt)}</th>
                        <td>{order.ticketCode}</td>
                        <td>{order.customerEmail}</td>
                        <td>{ORDER_STATUS.labels[order.status]}</td>
                        <td>{PAYMENT_TYPE.labels[order.paymentType]}</td>
                        <td className={styles.number}>{formatAmount(order.amount)}</td>
                        <td className={styles.number}>{formatAmount(order.cardAmount)}</td>
                        <td className={styles.number}>{formatAmount(order.giftCardAmount)}</td>
                        <td className={styles.number}>{formatAmount(order.campaignDiscount)}</td>
                        <td className={styles.number}>
                          {order.refunded > 0 ? formatAmount(order.refunded) : "—"}
                        </td>
                        <td>
                          {order.payment
                            ? `${order.payment.provider} ${order.payment.intentId}: ${order.payment.status}${order.payment.errorCode ? ` (${order.payment.errorCode})` : ""}`
                            : "—"}
                        </td>
                        <td>{order.invoiceNumber ?? "—"}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
              <Pager
                label="Pagine degli ordini"
                page={page}
                pages={pages}
                onChange={(next) => setPaging({ listed, page: next })}
              />
            </>
          );
        }}
      </ListLoader>
    </TitledSection>
  );
}
