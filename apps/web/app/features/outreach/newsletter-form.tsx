import type { NewsletterSignup } from "@argine/core/outreach/outreach-api";
import { Link } from "react-router";
import { PRIVACY_PATH } from "../../shared/navigation/navigation.ts";
import type { SummaryField } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, EmailField } from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { lazySchemaResolver } from "../../shared/ui/use-checked-form.ts";
import styles from "./outreach.module.css";
import { OutreachFormFrame } from "./outreach-parts.tsx";
import { subscribeNewsletter } from "./outreach-queries.ts";
import { useOutreachForm } from "./use-outreach-form.ts";

// The newsletter sign-up (double opt-in), compact for the site footer: an address, the privacy consent and
// "Iscriviti". It sits on a light panel of its own, so it reads the same on the footer's dark background as
// anywhere else. The answer is the same for any address (no enumeration): check your inbox to confirm.

interface NewsletterFormValues {
  email: string;
  /** A checkbox: starts false; only true passes. */
  privacyAccepted: boolean;
}

const FIELDS: readonly SummaryField<NewsletterFormValues>[] = [
  { name: "email", label: "Il tuo indirizzo email" },
  { name: "privacyAccepted", label: "Informativa sulla privacy" },
];

const EMPTY: NewsletterFormValues = { email: "", privacyAccepted: false };

// In every page's footer: its check is loaded at the form's first check, not with the page, so that the form
// takes no validation library with it (issue 41; the dashboard's first render waits for the footer's
// prerendered form to hydrate, shell/platform/near-viewport.ts).
const newsletterResolver = lazySchemaResolver<NewsletterFormValues, NewsletterSignup>(() =>
  import("@argine/core/outreach/outreach-api").then((api) => api.NewsletterSignupSchema),
);

export function NewsletterForm({
  title = "Iscriviti alla newsletter",
  headingLevel = 2,
}: {
  title?: string;
  /** The level of the panel's title, to fit where it is placed (the footer's columns use h2). */
  headingLevel?: 2 | 3;
}) {
  const state = useOutreachForm<NewsletterFormValues, NewsletterSignup>({
    resolver: newsletterResolver,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: subscribeNewsletter,
  });
  const { field } = state;

  return (
    <TitledSection
      title={title}
      level={headingLevel}
      className={styles.newsletter}
      titleClassName={styles.newsletterTitle}
    >
      <OutreachFormFrame
        state={state}
        sentTitle="Controlla la tua casella di posta"
        submitLabel="Iscriviti"
        pendingLabel="Iscrizione in corso…"
        className={`${formStyles.form} ${styles.compact}`}
        summaryHeadingLevel={headingLevel === 2 ? 3 : 4}
        showRequiredNote={false}
        before={
          <p className={styles.newsletterIntro}>
            Novità, guide e iniziative di Argine, direttamente nella tua email.
          </p>
        }
      >
        <EmailField label="Il tuo indirizzo email" required {...field("email")} />
        <CheckboxField
          label={
            // Worded apart from the page's own forms (registration…), which carry the same consent.
            <>
              Voglio ricevere la newsletter e accetto l'
              <Link to={PRIVACY_PATH} className={styles.privacyLink}>
                informativa sulla privacy
              </Link>
              .
            </>
          }
          required
          {...field("privacyAccepted")}
        />
      </OutreachFormFrame>
    </TitledSection>
  );
}
