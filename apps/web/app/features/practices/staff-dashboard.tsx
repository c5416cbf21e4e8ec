import type { ReactNode } from "react";
import { LawyerQueue } from "./lawyer-queue.tsx";

/** A lawyer's or an admin's part of /dashboard, a chunk of its own that clients never load (issue 41). */
export default function StaffDashboard({ children }: { children: ReactNode }) {
  return (
    <>
      <LawyerQueue />
      {children}
    </>
  );
}
