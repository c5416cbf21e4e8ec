import type { ReactNode } from "react";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./practices.module.css";

/** One section of the practice pages (case, recap, claim), named by its heading. */
export function PracticeSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <TitledSection title={title} className={styles.section} titleClassName={styles.sectionTitle}>
      {children}
    </TitledSection>
  );
}
