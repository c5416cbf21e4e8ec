import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import headingStyles from "../../shared/ui/heading.module.css";
import reassure from "../../shared/ui/reassurance.module.css";
import styles from "./consultation.module.css";
import { SlotsLoading } from "./slots-state.tsx";

// /consulenza (spec §1, "a free consultation appointment with the team"): a prerendered, calm explanation of
// what the consultation is and is not, then the booking, whose code (and the validation library) loads in
// the browser; until then the page says the free slots are on their way.

const ConsultationBookingForm = lazy(() =>
  import("./booking.tsx").then((module) => ({ default: module.ConsultationBookingForm })),
);

export function ConsultationPage() {
  return (
    <div className={styles.page}>
      <header className={headingStyles.columnHeader}>
        <p className={headingStyles.columnEyebrow}>Consulenza gratuita</p>
        <h1 className={headingStyles.columnTitle}>Parla con un avvocato del nostro team</h1>
      </header>
      <div className={styles.intro}>
        <p className={reassure.lead}>
          Trenta minuti per raccontare a una persona che cosa ti sta succedendo, fare le tue domande e capire
          quali strade hai davanti. Scegli tu il giorno e l'orario.
        </p>
        <ul className={reassure.reassurance}>
          <li>È gratuita e senza impegno: non devi acquistare nulla, né prima né dopo.</li>
          <li>Dura 30 minuti, in videochiamata o al telefono, come preferisci.</li>
          <li>Parli con un avvocato del team di Argine, tenuto al segreto professionale.</li>
          <li>
            Non serve un account e non devi preparare nulla: se hai già delle prove, tienile a portata di
            mano.
          </li>
        </ul>
        <p className={reassure.gentle}>
          <strong>Non è colpa tua.</strong> Puoi prenotare anche se non sai ancora come chiamare quello che
          stai vivendo: lo capiamo insieme.
        </p>
        <p className={styles.emergency}>
          <strong>Non siamo un servizio di emergenza.</strong> Se sei in pericolo adesso, chiama il{" "}
          <a href="tel:112">112</a>. Per la violenza e lo stalking c'è il <a href="tel:1522">1522</a>,
          gratuito e attivo 24 ore su 24.
        </p>
      </div>
      <Suspense fallback={<SlotsLoading />}>
        <ConsultationBookingForm />
      </Suspense>
      <p className={styles.aside}>
        Preferisci iniziare per conto tuo? Il <Link to={QUESTIONNAIRE_PATH}>questionario gratuito</Link> ti dà
        in pochi minuti una prima valutazione orientativa del tuo caso.
      </p>
    </div>
  );
}
