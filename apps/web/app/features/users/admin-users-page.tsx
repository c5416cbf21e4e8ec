import type { Role } from "@argine/core/identity/roles";
import { type AdminUser, AdminUserSearchSchema } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage, DataTable, ListLoader, PRIMARY, SMALL_SECONDARY } from "../../shared/admin/admin-ui.tsx";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import type { HttpError } from "../../shared/http/http-error.ts";
import { formatShortDay } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion, TextField } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { adminUsersQueryOptions, USERS_PAGE_SIZE, useSetRole } from "./user-queries.ts";

// /dashboard/admin: the users, searched by email or name, with their roles. Granting and revoking go through
// PUT and DELETE /v1/users/{id}/roles/{role}; the API refuses an admin's removal of their own admin role.

const ROLES_SHOWN: readonly Role[] = ["lawyer", "admin"];

const ROLE_NAMES = { lawyer: "avvocato", admin: "amministratore" } as const;

const fullName = (user: AdminUser) => `${user.name} ${user.lastname}`.trim() || user.email;

function rolesLabel(roles: readonly Role[]): string {
  return roles.length === 0 ? "Cliente" : roles.map((role) => ROLE_NAMES[role]).join(", ");
}

export function AdminUsersPage() {
  const me = useCurrentUser();
  const [search, setSearch] = useState({ q: "", page: 1 });
  const query = useQuery(adminUsersQueryOptions(search.q, search.page));
  const [status, setStatus] = useState<string | null>(null);
  const searchForm = useCheckedForm({
    resolver: schemaResolver<{ q: string }, { q?: string }>(AdminUserSearchSchema),
    defaultValues: { q: "" },
    fieldNames: ["q"],
    focusOnInvalid: "field",
    // Nothing goes to the server: the list below shows its own loading.
    hideSpinner: true,
    send: async ({ q }) => q ?? "",
    onSuccess: (q) => setSearch({ q, page: 1 }),
  });

  const change = useSetRole({
    meta: { hideError: true },
    onMutate: () => setStatus(null),
    onSuccess: (_me, { user, role, granted }) => {
      setStatus(
        granted
          ? `Ruolo di ${ROLE_NAMES[role]} assegnato a ${fullName(user)}.`
          : `Ruolo di ${ROLE_NAMES[role]} tolto a ${fullName(user)}.`,
      );
    },
  });
  const busy = (user: AdminUser) => change.isPending && change.variables?.user.id === user.id;

  return (
    <AdminPage title="Utenti e ruoli">
      <p className={styles.intro}>
        Cerca un utente per email, nome o cognome e assegna o togli i ruoli di avvocato e di amministratore.
      </p>
      <p className={styles.roleNote}>
        Un ruolo nuovo vale dal prossimo accesso dell'utente, o al rinnovo della sua sessione.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser yet; a form with role search is */}
      <form
        role="search"
        aria-label="Cerca utenti"
        className={styles.search}
        onSubmit={searchForm.onSubmit}
        noValidate
      >
        <TextField
          label="Cerca per email o nome"
          type="search"
          autoComplete="off"
          spellCheck={false}
          {...searchForm.field("q")}
        />
        <button type="submit" className={PRIMARY}>
          Cerca
        </button>
      </form>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      {change.error ? (
        <FormMessage tone="error">
          <p>Il ruolo non è stato cambiato: {(change.error as HttpError).message}</p>
        </FormMessage>
      ) : null}
      <ListLoader query={query} what="gli utenti">
        {({ total, data }) => {
          const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
          return (
            <>
              <DataTable
                caption={
                  search.q
                    ? `Utenti che corrispondono a «${search.q}»: ${total} (pagina ${search.page} di ${pages})`
                    : `Utenti: ${total}, i più recenti per primi (pagina ${search.page} di ${pages})`
                }
              >
                <thead>
                  <tr>
                    <th scope="col">Nome</th>
                    <th scope="col">Email</th>
                    <th scope="col">Ruoli</th>
                    <th scope="col">Email confermata</th>
                    <th scope="col">Registrato il</th>
                    <th scope="col">Azioni</th>
                  </tr>
                </thead>
                <tbody>
                  {data.length === 0 ? (
                    <tr>
                      <td colSpan={6}>Nessun utente trovato.</td>
                    </tr>
                  ) : (
                    data.map((user) => (
                      <tr key={user.id}>
                        <th scope="row">{fullName(user)}</th>
                        <td>{user.email}</td>
                        <td>{rolesLabel(user.roles)}</td>
                        <td>{user.emailVerified ? "Sì" : "No"}</td>
                        <td>{formatShortDay(user.createdAt)}</td>
                        <td>
                          <div className={styles.rowActions}>
                            {ROLES_SHOWN.map((role) => {
                              const has = user.roles.includes(role);
                              // The API refuses it too: an admin cannot lock themselves out.
                              if (has && role === "admin" && user.id === me?.id) {
                                return (
                                  <span key={role} className={styles.muted}>
                                    Sei tu: un altro amministratore può toglierti questo ruolo.
                                  </span>
                                );
                              }
                              return (
                                <button
                                  key={role}
                                  type="button"
                                  className={SMALL_SECONDARY}
                                  disabled={busy(user)}
                                  onClick={() => change.mutate({ user, role, granted: !has })}
                                >
                                  {has
                                    ? `Togli il ruolo di ${ROLE_NAMES[role]}`
                                    : `Rendi ${ROLE_NAMES[role]}`}
                                  <span className="visually-hidden"> ({fullName(user)})</span>
                                </button>
                              );
                            })}
                          </div>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
              <Pager
                label="Pagine degli utenti"
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
