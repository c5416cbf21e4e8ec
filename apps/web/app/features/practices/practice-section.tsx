import type { ReactNode } from "react";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./practices.module.css";

/** One section of the practice pages (case, recap, claim), named by its heading. */
export function PracticeSection({
  id,
  title,
  children,
}: {
  /** An anchor a link on the page leads to. */
  id?: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledSection id={id} title={title} className={styles.section} titleClassName={styles.sectionTitle}>
      {children}
    </TitledSection>
  );
}
