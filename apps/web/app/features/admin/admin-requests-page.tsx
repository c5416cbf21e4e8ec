import {
  type AdminIdeaList,
  type AdminNewsletterSubscriptionList,
  type AdminPartnershipRequestList,
  NEWSLETTER_STATUS_LABELS,
  partnershipKindLabel,
} from "@argine/core/outreach/outreach-api";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { HttpError } from "../http/http-error.ts";
import { formatShortDay } from "../ui/dates.ts";
import styles from "./admin.module.css";
import {
  adminIdeasQueryOptions,
  adminNewsletterQueryOptions,
  adminPartnershipsQueryOptions,
  REQUESTS_PAGE_SIZE,
} from "./admin-api.ts";
import { DataTable, ListLoader, SECONDARY, StateBadge } from "./admin-ui.tsx";

// /dashboard/admin/requests ("Richieste dal sito"): what the public site's forms brought in — newsletter
// subscribers with the state of their double opt-in, "Lavora con noi" requests and "Una buona idea" ideas —
// each list a page at a time, newest first, with the whole texts readable.

export function AdminRequestsPage() {
  return (
    <section aria-labelledby="admin-requests-title" className={styles.section}>
      <h1 id="admin-requests-title" className={styles.title}>
        Richieste dal sito
      </h1>
      <p className={styles.intro}>
        Chi si è iscritto alla newsletter, chi vuole collaborare con Argine («Lavora con noi») e le idee
        inviate («Una buona idea»), i più recenti per primi. Sono dati personali: usali solo per rispondere a
        chi ti ha scritto.
      </p>
      <NewsletterList />
      <PartnershipList />
      <IdeaList />
    </section>
  );
}

/** One list of the page: its heading, then the table and its pager once loaded. */
function RequestsSection<T extends { total: number }>({
  id,
  title,
  what,
  query,
  children,
}: {
  id: string;
  title: string;
  /** "gli iscritti", "le idee"…: what is loading. */
  what: string;
  query: UseQueryResult<T, HttpError>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id}>{title}</h2>
      <ListLoader query={query} what={what}>
        {children}
      </ListLoader>
    </section>
  );
}

function pagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / REQUESTS_PAGE_SIZE));
}

function Pager({
  label,
  page,
  total,
  onChange,
}: {
  label: string;
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = pagesOf(total);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      <button type="button" className={SECONDARY} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Pagina precedente
      </button>
      <span>
        Pagina {page} di {pages}
      </span>
      <button type="button" className={SECONDARY} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Pagina successiva
      </button>
    </nav>
  );
}

const caption = (what: string, total: number, page: number) =>
  `${what}: ${total}, i più recenti per primi (pagina ${page} di ${pagesOf(total)})`;

function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

function NewsletterList() {
  const [page, setPage] = useState(1);
  const query = useQuery(adminNewsletterQueryOptions(page));
  return (
    <RequestsSection
      id="admin-newsletter-title"
      title="Iscritti alla newsletter"
      what="gli iscritti"
      query={query}
    >
      {({ total, data }: AdminNewsletterSubscriptionList) => (
        <>
          <DataTable caption={caption("Iscrizioni", total, page)}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Stato</th>
                <th scope="col">Iscrizione</th>
                <th scope="col">Conferma</th>
              </tr>
            </thead>
            <tbody>
              {data.length === 0 ? (
                <tr>
                  <td colSpan={4}>Nessuna iscrizione per ora.</td>
                </tr>
              ) : (
                data.map((subscription) => (
                  <tr key={subscription.id}>
                    <th scope="row">{subscription.email}</th>
                    <td>
                      <StateBadge
                        on={subscription.status === "CONFIRMED"}
                        labels={[NEWSLETTER_STATUS_LABELS.CONFIRMED, NEWSLETTER_STATUS_LABELS.PENDING]}
                      />
                    </td>
                    <td>{formatShortDay(subscription.createdAt)}</td>
                    <td>{formatShortDay(subscription.confirmedAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
          <Pager label="Pagine degli iscritti" page={page} total={total} onChange={setPage} />
        </>
      )}
    </RequestsSection>
  );
}

function PartnershipList() {
  const [page, setPage] = useState(1);
  const query = useQuery(adminPartnershipsQueryOptions(page));
  return (
    <RequestsSection
      id="admin-partnerships-title"
      title="Lavora con noi"
      what="le richieste di collaborazione"
      query={query}
    >
      {({ total, data }: AdminPartnershipRequestList) => (
        <>
          <DataTable caption={caption("Richieste di collaborazione", total, page)}>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Email</th>
                <th scope="col">Chi è</th>
                <th scope="col">Organizzazione</th>
                <th scope="col">Messaggio</th>
                <th scope="col">Ricevuta il</th>
              </tr>
            </thead>
            <tbody>
              {data.length === 0 ? (
                <tr>
                  <td colSpan={6}>Nessuna richiesta per ora.</td>
                </tr>
              ) : (
                data.map((request) => (
                  <tr key={request.id}>
                    <th scope="row" className={styles.wrap}>
                      {request.name}
                    </th>
                    <td>
                      <EmailLink email={request.email} />
                    </td>
                    <td>{partnershipKindLabel(request.kind)}</td>
                    <td>{request.organization ?? "—"}</td>
                    <td className={styles.longText}>{request.message}</td>
                    <td>{formatShortDay(request.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
          <Pager
            label="Pagine delle richieste di collaborazione"
            page={page}
            total={total}
            onChange={setPage}
          />
        </>
      )}
    </RequestsSection>
  );
}

function IdeaList() {
  const [page, setPage] = useState(1);
  const query = useQuery(adminIdeasQueryOptions(page));
  return (
    <RequestsSection id="admin-ideas-title" title="Una buona idea" what="le idee" query={query}>
      {({ total, data }: AdminIdeaList) => (
        <>
          <DataTable caption={caption("Idee", total, page)}>
            <thead>
              <tr>
                <th scope="col">Titolo</th>
                <th scope="col">Descrizione</th>
                <th scope="col">Proposta da</th>
                <th scope="col">Ricevuta il</th>
              </tr>
            </thead>
            <tbody>
              {data.length === 0 ? (
                <tr>
                  <td colSpan={4}>Nessuna idea per ora.</td>
                </tr>
              ) : (
                data.map((idea) => (
                  <tr key={idea.id}>
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
                  </tr>
                ))
              )}
            </tbody>
          </DataTable>
          <Pager label="Pagine delle idee" page={page} total={total} onChange={setPage} />
        </>
      )}
    </RequestsSection>
  );
}
