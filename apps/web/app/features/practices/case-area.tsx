import type { ErrorCode } from "@argine/core/errors/error-codes";
import { canWorkCases } from "@argine/core/practices/policy";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, Outlet, useOutletContext, useParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { PRACTICES_PATH, PROFILE_INFO_PATH } from "../../shared/navigation/navigation.ts";
import { writeLastKnownPracticeId } from "../../shared/store/browser-storage.ts";
import { practiceByTicketQueryOptions, practiceQueryOptions } from "./practice-queries.ts";
import styles from "./practices.module.css";

/** The API's refusal of a case to staff signed in without the second factor (core's error codes). */
const SECOND_FACTOR_REQUIRED: ErrorCode = "SECOND_FACTOR_REQUIRED";

export interface CaseContext {
  practice: PracticeDetail;
  staff: boolean;
}

/** The current case, for the per-case pages under the area. */
export function useCase(): CaseContext {
  return useOutletContext<CaseContext>();
}

/**
 * {base}/{ticketCode}/…: finds the case by the ticket code of the path (spec §2) and hands it to the page.
 * The server decides what this user may see: someone else's ticket code simply finds nothing.
 */
export function CaseArea() {
  const { ticketCode = "" } = useParams();
  const user = useCurrentUser();
  const staff = canWorkCases(user?.roles);
  const found = useQuery({ ...practiceByTicketQueryOptions(ticketCode), meta: { hideError: true } });
  const practiceId = found.data?.practiceId;
  // The refusal for want of a second factor is said below, in the page: no error modal on top of it.
  const detail = useQuery({
    ...practiceQueryOptions(practiceId ?? ""),
    enabled: Boolean(practiceId),
    meta: { hideError: [SECOND_FACTOR_REQUIRED] },
  });

  // Spec §3: the last practice viewed. Only a client's own: a lawyer's view must never claim a case at login.
  useEffect(() => {
    if (practiceId && user && !staff) writeLastKnownPracticeId(practiceId);
  }, [practiceId, user, staff]);

  if (found.isPending || (practiceId && detail.isPending)) {
    return <p className={styles.loading}>Caricamento della pratica {ticketCode}…</p>;
  }
  // Staff signed in without the second factor (ADR 036): a calm word and the way to turn it on, no case.
  if (errorCode(detail.error) === SECOND_FACTOR_REQUIRED) {
    return (
      <>
        <h1 className={styles.title}>Pratica {ticketCode}</h1>
        <p>
          Per aprire le pratiche serve la verifica in due passaggi. Attivala nel tuo profilo, poi esci e
          accedi di nuovo con il codice dell'app.
        </p>
        <p>
          <Link to={PROFILE_INFO_PATH}>Attiva la verifica in due passaggi</Link>
        </p>
        <p>
          <Link to={PRACTICES_PATH}>Torna alle pratiche</Link>
        </p>
      </>
    );
  }
  // A case already shown stays when reading it again fails (a process restarting behind the proxy): the
  // error modal says so, and what is typed on the page (a message, a checkout) is not thrown away.
  if (!found.data || !detail.data) {
    const missing = !found.isError && found.data === null;
    return (
      <>
        <h1 className={styles.title}>{missing ? "Pratica non trovata" : "Pratica non disponibile"}</h1>
        <p role={missing ? undefined : "alert"}>
          {missing
            ? `Non troviamo la pratica ${ticketCode} tra quelle che puoi vedere. Controlla il numero o torna all'elenco.`
            : "Non riusciamo a caricare la pratica in questo momento. Riprova fra qualche istante."}
        </p>
        <p>
          <Link to={PRACTICES_PATH}>Torna alle pratiche</Link>
        </p>
      </>
    );
  }
  return <Outlet context={{ practice: detail.data, staff } satisfies CaseContext} />;
}
