import type { ReactNode } from "react";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./profile.module.css";

/** One panel of the profile pages, named by its heading. */
export function ProfilePanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} className={styles.panel} titleClassName={styles.panelTitle}>
      {children}
    </TitledSection>
  );
}
