import { type AuditFilter, AuditFilterSchema, type AuditLine } from "@argine/core/audit/audit-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage, DataTable, ListLoader, PRIMARY } from "../../shared/admin/admin-ui.tsx";
import { formatMoment } from "../../shared/ui/dates.ts";
import { ItalianDateField, TextField } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { AUDIT_PAGE_SIZE, auditQueryOptions } from "./audit-queries.ts";

// /dashboard/admin/audit ("Registro delle azioni"): the audit log, newest first, filtered by who acted, the
// action, a resource's id and a period; a page at a time.

interface FilterValues {
  actor: string;
  action: string;
  subject: string;
  from: string;
  to: string;
}

const EMPTY: FilterValues = { actor: "", action: "", subject: "", from: "", to: "" };
const FIELDS = ["actor", "action", "subject", "from", "to"] as const;

function actorOf(line: AuditLine): string {
  if (line.actorName || line.actorEmail) return [line.actorName, line.actorEmail].filter(Boolean).join(" · ");
  return line.actorId ? `Account non più presente (${line.actorId})` : "Operatore (riga di comando)";
}

export function AuditPage() {
  const [search, setSearch] = useState<{ filter: AuditFilter; page: number }>({
    filter: { actor: undefined, action: undefined, subject: undefined, from: undefined, to: undefined },
    page: 1,
  });
  const query = useQuery(auditQueryOptions(search.filter, search.page));
  const form = useCheckedForm({
    resolver: schemaResolver<FilterValues, AuditFilter>(AuditFilterSchema),
    defaultValues: EMPTY,
    fieldNames: FIELDS,
    focusOnInvalid: "field",
    // Nothing goes to the server from here: the list below shows its own loading.
    hideSpinner: true,
    send: async (filter) => filter,
    onSuccess: (filter) => setSearch({ filter, page: 1 }),
  });

  return (
    <AdminPage title="Registro delle azioni">
      <p className={styles.intro}>
        Chi ha fatto cosa, e quando: le letture dei dati delle persone da parte dello staff e le modifiche
        degli amministratori, le più recenti per prime.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser yet; a form with role search is */}
      <form
        role="search"
        aria-label="Filtra il registro"
        className={styles.search}
        onSubmit={form.onSubmit}
        noValidate
      >
        <TextField
          label="Chi (email o id dell'account)"
          autoComplete="off"
          spellCheck={false}
          {...form.field("actor")}
        />
        <TextField
          label="Azione (per esempio practice.read)"
          autoComplete="off"
          spellCheck={false}
          {...form.field("action")}
        />
        <TextField
          label="Id della risorsa"
          autoComplete="off"
          spellCheck={false}
          {...form.field("subject")}
        />
        <ItalianDateField label="Dal giorno" {...form.field("from")} />
        <ItalianDateField label="Al giorno" {...form.field("to")} />
        <button type="submit" className={PRIMARY}>
          Filtra
        </button>
      </form>
      <ListLoader query={query} what="il registro">
        {({ total, data }) => {
          const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
          return (
            <>
              <DataTable caption={`Righe del registro: ${total} (pagina ${search.page} di ${pages})`}>
                <thead>
                  <tr>
                    <th scope="col">Quando</th>
                    <th scope="col">Chi</th>
                    <th scope="col">Azione</th>
                    <th scope="col">Risorsa</th>
                    <th scope="col">Dettagli</th>
                  </tr>
                </thead>
                <tbody>
                  {data.length === 0 ? (
                    <tr>
                      <td colSpan={5}>Nessuna riga con questi filtri.</td>
                    </tr>
                  ) : (
                    data.map((line) => (
                      <tr key={line.id}>
                        <th scope="row">{formatMoment(line.at)}</th>
                        <td className={styles.wrap}>{actorOf(line)}</td>
                        <td>{line.action}</td>
                        <td className={styles.wrap}>
                          {line.resourceType}: {line.resourceId}
                        </td>
                        <td className={styles.wrap}>{line.meta ? JSON.stringify(line.meta) : "—"}</td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
              <Pager
                label="Pagine del registro"
                page={search.page}
                pages={pages}
                onChange={(page) => setSearch((s) => ({ ...s, page }))}
              />
            </>
          );
        }}
      </ListLoader>
    </AdminPage>
  );
}
