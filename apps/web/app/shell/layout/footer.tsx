import { lazy, memo, Suspense } from "react";
import { Link } from "react-router";
import { type AppConfig, config as appConfig } from "../../config.ts";
import {
  CARD_BRANDS,
  FOOTER_COLUMNS,
  LEGAL_COLUMN_TITLE,
  type NavLink,
} from "../../shared/navigation/navigation.ts";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { reopenCookieNotice } from "../analytics/cookie-notice.tsx";
import { whenNearViewport } from "../platform/near-viewport.ts";
import styles from "./footer.module.css";
import { Imprint } from "./imprint.tsx";

const NEWSLETTER_ID = "newsletter";

// The form brings the validation library with it: loaded apart, when the visitor nears the footer, so it
// never delays the page being read. Until then the prerendered form is on screen as it was built.
const NewsletterForm = lazy(() =>
  whenNearViewport(NEWSLETTER_ID)
    .then(() => import("../../features/outreach/newsletter-form.tsx"))
    .then((module) => ({ default: module.NewsletterForm })),
);

function FooterLink({ link }: { link: NavLink }) {
  if (link.to.startsWith("mailto:")) return <a href={link.to}>{link.label}</a>;
  if (link.external) return <ExternalLink href={link.to}>{link.label}</ExternalLink>;
  return <Link to={link.to}>{link.label}</Link>;
}

/** The site footer (spec §2 "Footer"): links, contacts, social, payments and the company imprint. */
/** The same on every page: drawn once, not again with each change of the chrome around it. */
export const Footer = memo(function Footer({ config = appConfig }: { config?: AppConfig }) {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.columns}>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title} className={styles.column}>
              <h2 className={styles.columnTitle}>{column.title}</h2>
              <ul className={styles.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <FooterLink link={link} />
                  </li>
                ))}
                {column.title === LEGAL_COLUMN_TITLE ? (
                  <li>
                    <button type="button" className={styles.linkButton} onClick={reopenCookieNotice}>
                      Preferenze cookie
                    </button>
                  </li>
                ) : null}
              </ul>
            </nav>
          ))}
          <TitledSection title="Seguici" className={styles.column} titleClassName={styles.columnTitle}>
            <ul className={styles.list}>
              {config.social.map((social) => (
                <li key={social.label}>
                  <ExternalLink href={social.url}>{social.label}</ExternalLink>
                </li>
              ))}
            </ul>
            <p className={styles.support}>
              Hai bisogno di assistenza? Scrivi a{" "}
              <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
            </p>
          </TitledSection>
        </div>

        <div id={NEWSLETTER_ID} className={styles.newsletter}>
          <Suspense fallback={null}>
            <NewsletterForm />
          </Suspense>
        </div>

        <p className={styles.payments}>
          Pagamenti sicuri con carta di credito: <span>{CARD_BRANDS.join(" · ")}</span>. I prezzi includono
          l'IVA.
        </p>

        <Imprint company={config.company} />

        <p className={styles.copyright}>
          © {config.company.name}. {config.brandName} offre assistenza legale e tecnica; non sostituisce i
          numeri di emergenza: se sei in pericolo chiama il <a href="tel:112">112</a>.
        </p>
      </div>
    </footer>
  );
});
