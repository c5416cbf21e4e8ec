import buttonStyles from "./button.module.css";
import styles from "./pager.module.css";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * A list's previous and next page, with where the reader is ("Pagina 2 di 5"); nothing when there is one
 * page. `capped`: the count stopped counting, so there may be pages after the last one known ("di 5+").
 */
export function Pager({
  label,
  page,
  pages,
  capped = false,
  onChange,
}: {
  /** What the pages are of, for the navigation's name: "Pagine degli ordini". */
  label: string;
  page: number;
  pages: number;
  capped?: boolean;
  onChange: (page: number) => void;
}) {
  if (pages <= 1 && !capped) return null;
  return (
    <nav aria-label={label} className={styles.pager}>
      <button type="button" className={SECONDARY} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Pagina precedente
      </button>
      <span>
        Pagina {page} di {pages}
        {capped ? "+" : ""}
      </span>
      <button
        type="button"
        className={SECONDARY}
        disabled={page >= pages && !capped}
        onClick={() => onChange(page + 1)}
      >
        Pagina successiva
      </button>
    </nav>
  );
}
