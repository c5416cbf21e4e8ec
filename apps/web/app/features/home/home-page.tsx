import { Link } from "react-router";
import { CONSULTATION_PATH, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import { CRIMES, SERVICES, STEPS, URGENT_CONTACTS } from "./home-content.ts";
import styles from "./home-page.module.css";

const primaryLarge = `${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.large}`;
const secondaryLarge = `${buttonStyles.button} ${buttonStyles.secondary} ${buttonStyles.large}`;

export function HomePage() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.container}>
          <p className={styles.eyebrow}>Prima valutazione orientativa gratuita</p>
          <h1 id="home-title" className={styles.heroTitle}>
            Difesa legale per chi subisce abusi online
          </h1>
          <p className={styles.lead}>
            Stalking, diffamazione, revenge porn, sextortion, bullismo, odio in rete: racconta che cosa ti sta
            succedendo nel questionario gratuito. In pochi minuti ricevi una{" "}
            <strong>prima valutazione orientativa</strong> del tuo caso e capisci come puoi difenderti.
          </p>
          <p className={styles.leadSecondary}>
            Se decidi di andare avanti, avvocati ed esperti informatici ti affiancano passo dopo passo:
            mettiamo al sicuro le prove, facciamo rimuovere i contenuti, inviamo la diffida e un avvocato
            presenta la tua querela e ti assiste nelle indagini.
          </p>
          <div className={styles.ctaRow}>
            <Link to={QUESTIONNAIRE_PATH} className={primaryLarge}>
              Inizia il questionario gratuito
            </Link>
            <Link to="/services" className={secondaryLarge}>
              Scopri i servizi
            </Link>
          </div>
          <p className={styles.talk}>
            Preferisci parlare con una persona?{" "}
            <Link to={CONSULTATION_PATH}>Prenota una consulenza gratuita</Link> con un avvocato del team: 30
            minuti, al telefono o in videochiamata.
          </p>
          <ul className={styles.reassurance}>
            <li>Gratuito e senza impegno</li>
            <li>Non serve registrarsi</li>
            <li>Riservato e protetto</li>
          </ul>
        </div>
      </section>

      <section id="aiuto-urgente" className={styles.urgent} aria-labelledby="urgent-title">
        <div className={styles.container}>
          <div className={styles.urgentBox}>
            <h2 id="urgent-title" className={styles.urgentTitle}>
              Hai bisogno di aiuto subito?
            </h2>
            <p className={styles.urgentIntro}>
              Argine non è un servizio di emergenza. Se sei in pericolo o hai paura per la tua sicurezza,
              contatta subito chi può intervenire:
            </p>
            <ul className={styles.urgentList}>
              {URGENT_CONTACTS.map((contact) => (
                <li key={contact.href} className={styles.urgentItem}>
                  <h3 className={styles.urgentLabel}>{contact.label}</h3>
                  <p>{contact.text}</p>
                  {contact.external ? (
                    <ExternalLink href={contact.href} className={styles.urgentLink}>
                      {contact.linkText}
                    </ExternalLink>
                  ) : (
                    <a href={contact.href} className={styles.urgentLink}>
                      {contact.linkText}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="steps-title">
        <div className={styles.container}>
          <h2 id="steps-title">Come funziona</h2>
          <p className={styles.sectionIntro}>
            Quattro passi, al tuo ritmo. Puoi fermarti in qualsiasi momento.
          </p>
          <ol className={styles.steps}>
            {STEPS.map((step, index) => (
              <li key={step.title} className={styles.step}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="services-title">
        <div className={styles.container}>
          <h2 id="services-title">Come ti difendiamo</h2>
          <p className={styles.sectionIntro}>
            Dopo la prima valutazione, scegli tu i servizi che ti servono. Ogni prezzo è chiaro fin
            dall'inizio e comprende l'IVA.
          </p>
          <ul className={styles.cards}>
            {SERVICES.map((service) => (
              <li key={service.title} className={styles.card}>
                <h3>
                  <Link to={service.to}>{service.title}</Link>
                </h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
          <p className={styles.sectionNote}>
            Hai subito un danno? Scopri come chiedere il <Link to="/compensation">risarcimento</Link>.
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="crimes-title">
        <div className={styles.container}>
          <h2 id="crimes-title">Di che cosa ci occupiamo</h2>
          <p className={styles.sectionIntro}>
            Dare un nome a quello che stai vivendo è il primo passo. Leggi che cosa dice la legge e come puoi
            reagire.
          </p>
          <ul className={styles.cards}>
            {CRIMES.map((crime) => (
              <li key={crime.to} className={styles.card}>
                <h3>
                  <Link to={crime.to}>{crime.title}</Link>
                </h3>
                <p>{crime.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="privacy-title">
        <div className={`${styles.container} ${styles.privacy}`}>
          <div>
            <h2 id="privacy-title">La tua riservatezza prima di tutto</h2>
            <p>
              Sappiamo quanto è difficile parlare di quello che ti è successo. Per questo proteggiamo quello
              che ci racconti.
            </p>
          </div>
          <ul className={styles.privacyList}>
            <li>
              Usiamo i tuoi dati solo per seguire il tuo caso, nel rispetto del GDPR: puoi chiederne una copia
              o la cancellazione quando vuoi.
            </li>
            <li>
              Titoli delle pagine, indirizzi e notifiche non riportano mai i dettagli del tuo caso: chi guarda
              il tuo schermo non li vede.
            </li>
            <li>
              Il pulsante <strong>Esci subito</strong>, in cima a ogni pagina, ti porta all'istante su un sito
              neutro. Puoi anche premere Esc tre volte.
            </li>
            <li>
              Se temi che qualcuno controlli il tuo telefono o il tuo computer, usa la navigazione in
              incognito o un dispositivo di cui ti fidi.
            </li>
          </ul>
          <p className={styles.privacyLink}>
            <Link to="/privacy">Leggi l'informativa sulla privacy</Link>
          </p>
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <div className={styles.container}>
          <h2 id="closing-title">Non devi affrontare tutto questo in solitudine</h2>
          <p>Parti da qui: poche domande, una prima valutazione orientativa gratuita, nessun impegno.</p>
          <Link to={QUESTIONNAIRE_PATH} className={primaryLarge}>
            Inizia il questionario gratuito
          </Link>
          <p className={styles.closingTalk}>
            Oppure <Link to={CONSULTATION_PATH}>prenota una consulenza gratuita</Link> e parlane con un
            avvocato.
          </p>
        </div>
      </section>
    </>
  );
}
