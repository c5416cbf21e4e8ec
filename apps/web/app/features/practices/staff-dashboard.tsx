import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LawyerQueue } from "./lawyer-queue.tsx";
import { practiceQueueQueryOptions } from "./practice-queries.ts";

/** What this part reads first, asked for as soon as its code arrives (routes/dashboard-home.tsx). */
export function prefetch(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(practiceQueueQueryOptions());
}

/** A lawyer's or an admin's part of /dashboard, a chunk of its own that clients never load (issue 41). */
export default function StaffDashboard({ children }: { children: ReactNode }) {
  return (
    <>
      <LawyerQueue />
      {children}
    </>
  );
}
