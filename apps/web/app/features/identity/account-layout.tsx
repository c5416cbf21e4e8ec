import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./account-layout.module.css";

interface AccountLayoutProps {
  title: string;
  intro?: ReactNode;
  /** A link above the card ("Torna alla tua prima valutazione orientativa"). */
  back?: { to: string; label: string };
  children: ReactNode;
  /** Links under the form (reset, registration…). */
  links?: ReactNode;
}

/** The frame of the account pages: one calm column, a title, an optional intro, the form or message. */
export function AccountLayout({ title, intro, back, children, links }: AccountLayoutProps) {
  return (
    <div className={styles.page}>
      {back ? (
        <Link to={back.to} className={styles.back}>
          <span aria-hidden="true">←&nbsp;</span>
          {back.label}
        </Link>
      ) : null}
      <TitledSection title={title} level={1} className={styles.card} titleClassName={styles.title}>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        <div className={styles.section}>{children}</div>
        {links ? <ul className={styles.links}>{links}</ul> : null}
      </TitledSection>
    </div>
  );
}

/**
 * A heading that takes focus when it appears (the form was replaced by a confirmation): keyboard and
 * screen-reader users land on the news instead of at the top of an unchanged page.
 */
export function FocusHeading({ children, level = 2 }: { children: ReactNode; level?: 2 | 3 }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Tag = `h${level}` as const;
  return (
    <Tag ref={ref} tabIndex={-1} className={styles.focusTarget}>
      {children}
    </Tag>
  );
}
