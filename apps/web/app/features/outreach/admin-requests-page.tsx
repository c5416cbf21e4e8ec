import {
  type AdminIdeaList,
  type AdminNewsletterSubscriptionList,
  type AdminPartnershipRequestList,
  NEWSLETTER_STATUS,
  PARTNERSHIP_KIND,
} from "@argine/core/outreach/outreach-api";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage, ColumnHeads, DataTable, ListLoader, StateBadge } from "../../shared/admin/admin-ui.tsx";
import { formatShortDay } from "../../shared/ui/dates.ts";
import { Pager } from "../../shared/ui/pager.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import {
  adminIdeasQueryOptions,
  adminNewsletterQueryOptions,
  adminPartnershipsQueryOptions,
  REQUESTS_PAGE_SIZE,
  type RequestsQueryOptions,
} from "./outreach-queries.ts";

// /dashboard/admin/requests ("Richieste dal sito"): what the public site's forms brought in — newsletter
// subscribers with the state of their double opt-in, "Lavora con noi" requests and "Una buona idea" ideas —
// each list a page at a time, newest first, with the whole texts readable.

export function AdminRequestsPage() {
  return (
    <AdminPage title="Richieste dal sito">
      <p className={styles.intro}>
        Chi si è iscritto alla newsletter, chi vuole collaborare con Argine («Lavora con noi») e le idee
        inviate («Una buona idea»), i più recenti per primi. Sono dati personali: usali solo per rispondere a
        chi ti ha scritto.
      </p>
      <RequestsList<AdminNewsletterSubscriptionList["data"][number]>
        title="Iscritti alla newsletter"
        what="gli iscritti"
        captionLabel="Iscrizioni"
        pagerLabel="Pagine degli iscritti"
        empty="Nessuna iscrizione per ora."
        query={adminNewsletterQueryOptions}
        columns={["Email", "Stato", "Iscrizione", "Conferma"]}
        row={(subscription) => (
          <>
            <th scope="row">{subscription.email}</th>
            <td>
              <StateBadge
                on={subscription.status === "CONFIRMED"}
                labels={[NEWSLETTER_STATUS.labels.CONFIRMED, NEWSLETTER_STATUS.labels.PENDING]}
              />
            </td>
            <td>{formatShortDay(subscription.createdAt)}</td>
            <td>{formatShortDay(subscription.confirmedAt)}</td>
          </>
        )}
      />
      <RequestsList<AdminPartnershipRequestList["data"][number]>
        title="Lavora con noi"
        what="le richieste di collaborazione"
        captionLabel="Richieste di collaborazione"
        pagerLabel="Pagine delle richieste di collaborazione"
        empty="Nessuna richiesta per ora."
        query={adminPartnershipsQueryOptions}
        columns={["Nome", "Email", "Chi è", "Organizzazione", "Messaggio", "Ricevuta il"]}
        row={(request) => (
          <>
            <th scope="row" className={styles.wrap}>
              {request.name}
            </th>
            <td>
              <EmailLink email={request.email} />
            </td>
            <td>{PARTNERSHIP_KIND.label(request.kind)}</td>
            <td>{request.organization ?? "—"}</td>
            <td className={styles.longText}>{request.message}</td>
            <td>{formatShortDay(request.createdAt)}</td>
          </>
        )}
      />
      <RequestsList<AdminIdeaList["data"][number]>
        title="Una buona idea"
        what="le idee"
        captionLabel="Idee"
        pagerLabel="Pagine delle idee"
        empty="Nessuna idea per ora."
        query={adminIdeasQueryOptions}
        columns={["Titolo", "Descrizione", "Proposta da", "Ricevuta il"]}
        row={(idea) => (
          <>
            <th scope="row" className={styles.wrap}>
              {idea.title}
            </th>
            <td className={styles.longText}>{idea.description}</td>
            <td>
              {idea.name}
              <br />
              <EmailLink email={idea.email} />
            </td>
            <td>{formatShortDay(idea.createdAt)}</td>
          </>
        )}
      />
    </AdminPage>
  );
}

function pagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE));
}

function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

interface RequestsListProps<T extends { id: string }> {
  title: string;
  /** "gli iscritti", "le idee"…: what is loading. */
  what: string;
  /** The table's caption before its counts ("Idee: 3, …"). */
  captionLabel: string;
  pagerLabel: string;
  empty: string;
  query: (page: number) => RequestsQueryOptions<{ total: number; data: T[] }>;
  columns: readonly string[];
  /** One row's cells; the first is the row's header. */
  row: (item: T) => ReactNode;
}

/** One list of the page: its heading, then the table a page at a time, newest first. */
function RequestsList<T extends { id: string }>(props: RequestsListProps<T>) {
  const [page, setPage] = useState(1);
  const query = useQuery(props.query(page));
  return (
    <TitledSection title={props.title} className={styles.section}>
      <ListLoader query={query} what={props.what}>
        {({ total, data }) => (
          <>
            <DataTable
              caption={`${props.captionLabel}: ${total}, i più recenti per primi (pagina ${page} di ${pagesOf(total)})`}
            >
              <ColumnHeads columns={props.columns} />
              <tbody>
                {data.length === 0 ? (
                  <tr>
                    <td colSpan={props.columns.length}>{props.empty}</td>
                  </tr>
                ) : (
                  data.map((item) => <tr key={item.id}>{props.row(item)}</tr>)
                )}
              </tbody>
            </DataTable>
            <Pager label={props.pagerLabel} page={page} pages={pagesOf(total)} onChange={setPage} />
          </>
        )}
      </ListLoader>
    </TitledSection>
  );
}
