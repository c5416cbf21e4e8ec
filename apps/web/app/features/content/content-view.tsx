import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import type { MouseEvent, ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { LOGIN_PATH, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { DefenceLetter, productsQueryOptions } from "../products/public.ts";
import styles from "./content.module.css";
import type { ContentPageData } from "./content-types.ts";

const DAY = new Intl.DateTimeFormat("it-IT", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "22 novembre 2026" for a calendar day written YYYY-MM-DD: the same day in every time zone. */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}

const EYEBROWS: Partial<Record<ContentPageData["template"], string>> = {
  service: "Servizi",
  crime: "Conoscere i reati",
  article: "Blog",
};

/**
 * The Markdown body, rendered at build time from the repository's own files. Links to the site's own pages
 * navigate inside the app instead of reloading it.
 */
function MarkdownBody({ html }: { html: string }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest?.("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//") || link?.target) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  }
  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks handled are the links' own; the keyboard reaches them as links
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is built from the repository's Markdown at build time, raw HTML refused
  return <div className={styles.prose} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A service's price, read live from the catalogue (GET /v1/products), VAT included. */
function PriceBox({ code }: { code: string }) {
  const products = useQuery({ ...productsQueryOptions(), meta: { hideSpinner: true, hideError: true } });
  const product = products.data?.find((candidate) => candidate.code === code);
  let text = "Prezzo in caricamento…";
  if (products.isError) text = "Il prezzo è indicato nella tua area personale, prima del pagamento.";
  else if (product && product.discountedPrice === 0) text = "Gratuito";
  else if (product) text = `${formatAmount(product.discountedPrice)} IVA inclusa`;
  const discounted = product && product.discountedPrice < product.price && product.discountedPrice > 0;
  return (
    <aside className={styles.priceBox} aria-labelledby="price-title">
      <h2 id="price-title" className={styles.priceTitle}>
        Prezzo
      </h2>
      <p className={styles.price} aria-live="polite">
        {discounted ? <s className={styles.fullPrice}>{formatAmount(product.price)}</s> : null} {text}
      </p>
      <p className={styles.priceNote}>
        La prima valutazione orientativa del tuo caso è sempre gratuita: i servizi si acquistano dopo, dalla
        tua pratica.
      </p>
    </aside>
  );
}

function CallToAction({ template }: { template: ContentPageData["template"] }) {
  return (
    <TitledSection
      title={template === "crime" ? "Ti riconosci in questa situazione?" : "Come iniziare"}
      className={styles.cta}
    >
      <p>
        Rispondi al questionario gratuito: in pochi minuti ricevi una prima valutazione orientativa: se quello
        che è successo sembra un reato, se puoi ancora agire ed entro quando. Non serve registrarsi.
      </p>
      <div className={styles.ctaRow}>
        <Link to={QUESTIONNAIRE_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          Inizia il questionario gratuito
        </Link>
        {template === "service" ? (
          <Link to={LOGIN_PATH} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            Hai già una pratica? Accedi
          </Link>
        ) : null}
      </div>
    </TitledSection>
  );
}

function ChildCards({ page }: { page: ContentPageData }) {
  return (
    <ul className={styles.cards}>
      {page.children.map((child) => (
        <li key={child.path} className={styles.card}>
          <h2 className={styles.cardTitle}>
            <Link to={child.path}>{child.heading}</Link>
          </h2>
          {child.published ? <p className={styles.meta}>{formatCalendarDay(child.published)}</p> : null}
          <p>{child.summary}</p>
        </li>
      ))}
    </ul>
  );
}

/** A Markdown page laid out by its template (app/content-pages.ts). */
export function ContentView({ page, form }: { page: ContentPageData; form?: ReactNode }) {
  const eyebrow = EYEBROWS[page.template];
  return (
    <article className={styles.page} data-template={page.template} aria-labelledby="content-title">
      <header className={styles.header}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1 id="content-title">{page.heading}</h1>
        {page.template === "article" ? (
          <p className={styles.meta}>
            {page.author ? `${page.author} · ` : ""}
            {page.published ? formatCalendarDay(page.published) : ""}
          </p>
        ) : null}
        {page.updated ? (
          <p className={styles.meta}>Ultimo aggiornamento: {formatCalendarDay(page.updated)}</p>
        ) : null}
      </header>
      {page.template === "service" && page.product ? <PriceBox code={page.product} /> : null}
      <MarkdownBody html={page.html} />
      {/* The defence's page shows the whole engagement letter, from core's text (ADR 027). */}
      {page.product === "DEFENCE" ? <DefenceLetter /> : null}
      {page.template === "index" ? <ChildCards page={page} /> : null}
      {form}
      {page.template === "service" || page.template === "crime" ? (
        <CallToAction template={page.template} />
      ) : null}
    </article>
  );
}
