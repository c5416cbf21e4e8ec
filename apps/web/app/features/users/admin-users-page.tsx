import type { Role } from "@argine/core/identity/roles";
import { type AdminUser, AdminUserSearchSchema } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage, DataTable, ListLoader, PRIMARY, SMALL_SECONDARY } from "../../shared/admin/admin-ui.tsx";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { errorCode, type HttpError } from "../../shared/http/http-error.ts";
import { formatShortDay } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion, TextField } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useStartLogin } from "../identity/public.ts";
import { GrantDialog, ROLE_NAMES } from "./grant-dialog.tsx";
import { adminUsersQueryOptions, type RoleChange, USERS_PAGE_SIZE, useSetRole } from "./user-queries.ts";

// /dashboard/admin: the users, searched by email or name, with their roles. Granting and revoking go through
// PUT and DELETE /v1/users/{id}/roles/{role}; the API refuses an admin's removal of their own admin role. A
// grant is confirmed first, and when the API wants a fresh sign-in (REAUTHENTICATION_REQUIRED, ADR 035) the
// admin signs in again and the grant is made on the way back.

const ROLES_SHOWN: readonly Role[] = ["lawyer", "admin"];

/** The confirmed grant waiting for the admin's fresh sign-in (this tab only, a few minutes at most). */
const PENDING_GRANT_KEY = "argine.pendingGrant";
const PENDING_GRANT_TTL_MS = 10 * 60 * 1000;

function takePendingGrant(): RoleChange | null {
  const saved = sessionStorage.getItem(PENDING_GRANT_KEY);
  sessionStorage.removeItem(PENDING_GRANT_KEY);
  if (!saved) return null;
  try {
    const { change, at } = JSON.parse(saved) as { change: RoleChange; at: number };
    return Date.now() - at < PENDING_GRANT_TTL_MS ? change : null;
  } catch {
    return null;
  }
}

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

  const [asking, setAsking] = useState<RoleChange | null>(null);
  const signInAgain = useStartLogin();
  const change = useSetRole({
    meta: { hideError: true },
    onMutate: () => setStatus(null),
    onError: (error, variables) => {
      if (errorCode(error) !== "REAUTHENTICATION_REQUIRED") return;
      sessionStorage.setItem(PENDING_GRANT_KEY, JSON.stringify({ change: variables, at: Date.now() }));
      void signInAgain.start({ returnTo: window.location.pathname }, { prompt: "login" });
    },
    onSuccess: (_me, { user, role, granted }) => {
      setStatus(
        granted
          ? `Ruolo di ${ROLE_NAMES[role]} assegnato a ${fullName(user)}.`
          : `Ruolo di ${ROLE_NAMES[role]} tolto a ${fullName(user)}.`,
      );
    },
  });
  const busy = (user: AdminUser) => change.isPending && change.variables?.user.id === user.id;
  const reauthenticating = errorCode(change.error) === "REAUTHENTICATION_REQUIRED";

  // Back from the fresh sign-in: the grant confirmed before it is made now.
  const { mutate } = change;
  useEffect(() => {
    const pending = takePendingGrant();
    if (pending) mutate(pending);
  }, [mutate]);

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
      {asking ? (
        <GrantDialog
          name={fullName(asking.user)}
          role={asking.role}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            change.mutate(asking);
          }}
        />
      ) : null}
      <StatusRegion>
        {reauthenticating && !signInAgain.error ? <p>Ti stiamo portando alla pagina di accesso…</p> : null}
      </StatusRegion>
      {change.error && !reauthenticating ? (
        <FormMessage tone="error">
          <p>Il ruolo non è stato cambiato: {(change.error as HttpError).message}</p>
        </FormMessage>
      ) : null}
      {signInAgain.error ? <FormMessage tone="error">{signInAgain.error}</FormMessage> : null}
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
                                  onClick={() =>
                                    has
                                      ? change.mutate({ user, role, granted: false })
                                      : setAsking({ user, role, granted: true })
                                  }
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
