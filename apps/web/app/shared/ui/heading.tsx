import type { ReactNode } from "react";
import styles from "./heading.module.css";

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

interface HeadingProps {
  /** The visual level of the heading scale (spec §9). */
  level: HeadingLevel;
  /** The span variant: the look of a heading without being one in the document outline. */
  as?: "span";
  id?: string;
  className?: string;
  children: ReactNode;
}

/** A heading of the theme's scale; links inside it turn violet on hover, active and focus. */
export function Heading({ level, as, id, className, children }: HeadingProps) {
  const Tag = as ?? (`h${level}` as const);
  const classes = [styles.heading, styles[`level${level}`], as === "span" ? styles.span : "", className]
    .filter(Boolean)
    .join(" ");
  return (
    <Tag id={id} className={classes}>
      {children}
    </Tag>
  );
}
