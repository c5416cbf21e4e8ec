import { canAdminister } from "@argine/core/identity/policy";
import { isCustomer } from "@argine/core/identity/roles";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, Suspense, useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { readClaimedTicketCode } from "../feedback/public.ts";
import { DashboardHomeFrame, DashboardPartLoading } from "./dashboard-home-frame.tsx";
import styles from "./dashboard-page.module.css";
import { dashboardSections } from "./dashboard-sections.ts";

/** A role's part of the page, and what it reads first (routes/dashboard-home.tsx). */
export interface RolePart {
  Part: ComponentType<{ children: ReactNode }>;
  prefetch: (queryClient: QueryClient) => void;
}

/**
 * /dashboard: the landing after login, with the user header (greeting and personal-data editing), then the
 * part of the user's role (the client's overview or the staff's work queue, each loaded only for its role)
 * with the area's sections under it.
 */
export function DashboardHomePage({ parts }: { parts: { client: RolePart; staff: RolePart } }) {
  const user = useCurrentUser();
  const { state } = useLocation();
  // Set by the login callback (or the questionnaire's result) after adding a practice to the account.
  const claimedTicketCode = readClaimedTicketCode(state);
  const name = user?.name.trim();
  const staffRole =
    user && !isCustomer(user.roles) ? (canAdminister(user.roles) ? "amministratore" : "avvocato") : null;
  const rolePart = staffRole ? parts.staff : parts.client;
  const { Part } = rolePart;
  const queryClient = useQueryClient();
  useEffect(() => rolePart.prefetch(queryClient), [rolePart, queryClient]);
  return (
    <>
      <DashboardHomeFrame
        name={name}
        notice={
          <StatusRegion>
            {claimedTicketCode ? (
              <div className={styles.notice}>
                <FormMessage tone="success">
                  <p>La pratica {claimedTicketCode} è ora nel tuo account.</p>
                </FormMessage>
              </div>
            ) : null}
          </StatusRegion>
        }
      />
      {staffRole ? (
        <p className={styles.staffNote}>Hai effettuato l'accesso con il ruolo di {staffRole}.</p>
      ) : null}
      {/* The sections come with the role's part, so they do not move when it arrives. */}
      <Suspense fallback={<DashboardPartLoading />}>
        <Part>
          <ul className={styles.cards}>
            {dashboardSections(user?.roles ?? [])
              .filter((section) => section.to !== DASHBOARD_PATH)
              .map((section) => (
                <li key={section.to}>
                  <div className={styles.card}>
                    <h2 className={styles.cardTitle}>
                      <Link to={section.to} className={styles.cardLink}>
                        {section.label}
                      </Link>
                    </h2>
                    <p className={styles.cardText}>{section.description}</p>
                    {section.available ? null : <span className={styles.badge}>In arrivo</span>}
                  </div>
                </li>
              ))}
          </ul>
        </Part>
      </Suspense>
    </>
  );
}
