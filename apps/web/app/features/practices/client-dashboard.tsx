import { type QueryClient, useQueries } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { MyConsultations, myConsultationsQueryOptions } from "../consultation/public.ts";
import { ClaimWithKeyForm } from "./claim-with-key-form.tsx";
import { ALL_OF_A_CLIENT, ClientRecap } from "./client-recap.tsx";
import { practiceListQueryOptions } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";

/** What this part reads before it shows anything: the practices and the consultations. */
const firstReads = () => [practiceListQueryOptions(ALL_OF_A_CLIENT), myConsultationsQueryOptions()] as const;

/** What this part reads first, asked for as soon as its code arrives (routes/dashboard-home.tsx). */
export function prefetch(queryClient: QueryClient): void {
  const [practices, consultations] = firstReads();
  void queryClient.prefetchQuery(practices);
  void queryClient.prefetchQuery(consultations);
}

/**
 * A client's part of /dashboard, a chunk of its own that the staff never load (issue 41): the recap, the
 * consultations and the claim form, then what the page puts under them. All of it comes at once, when the
 * practices and the consultations are read, so nothing on the screen moves when they arrive.
 */
export default function ClientDashboard({ children }: { children: ReactNode }) {
  const arriving = useQueries({
    queries: firstReads(),
    combine: (results) => results.some((result) => result.isPending),
  });
  // The reads' arrival is a store's news, which React draws in one synchronous task; the whole part drawn in it
  // held a phone's main thread for 50-70 ms (issue 41). Deferred, React draws it in slices between the
  // browser's own work; "Caricamento…" stays until it is drawn.
  const pending = useDeferredValue(arriving);
  if (pending) return <p>Caricamento…</p>;
  return (
    <>
      <ClientRecap />
      <MyConsultations Section={PracticeSection} />
      <ClaimWithKeyForm />
      {children}
    </>
  );
}
