// The home page's copy that comes as lists: steps, services, crimes and urgent contacts.

export interface Step {
  title: string;
  text: string;
}

export const STEPS: readonly Step[] = [
  {
    title: "Racconta cosa è successo",
    text: "Rispondi alle domande del questionario: che cosa è accaduto, dove e da quanto tempo. Bastano pochi minuti e non serve registrarsi.",
  },
  {
    title: "Ricevi una prima valutazione orientativa",
    text: "Ti diciamo se i fatti che descrivi sembrano costituire un reato, quali norme ti tutelano, quali termini rispettare e che cosa puoi fare.",
  },
  {
    title: "Scegli come difenderti",
    text: "Se vuoi andare avanti apri una pratica e scegli solo i servizi che ti servono, con prezzi chiari e IVA inclusa.",
  },
  {
    title: "Segui la tua pratica",
    text: "Nella tua area personale trovi lo stato di ogni servizio, i documenti pronti da scaricare e il contatto con chi ti segue.",
  },
];

export interface CardLink {
  title: string;
  text: string;
  to: string;
}

export const SERVICES: readonly CardLink[] = [
  {
    title: "Legalizzazione delle prove",
    text: "Acquisizione forense della pagina web in cui è avvenuto l'abuso, eseguita in un ambiente isolato: la prova resta valida anche se il contenuto viene cancellato. Si svolge da computer.",
    to: "/services/legalization",
  },
  {
    title: "Rimozione dei contenuti",
    text: "Il takedown: chiediamo a siti e piattaforme di rimuovere i link che ti danneggiano, fino a tre per richiesta.",
    to: "/services/takedown",
  },
  {
    title: "Diffida",
    text: "Una lettera formale dell'avvocato a chi ti offende, ti perseguita o ti minaccia, per intimargli di smettere subito.",
    to: "/services/formal-notice",
  },
  {
    title: "Consulenza",
    text: "Un confronto con un professionista per capire quali strade hai davanti, con i tempi e i costi di ciascuna.",
    to: "/services",
  },
  {
    title: "Difesa legale",
    text: "Un avvocato scrive e deposita la tua querela e ti assiste durante le indagini preliminari, a un prezzo fisso.",
    to: "/services/difesa",
  },
];

export const CRIMES: readonly CardLink[] = [
  {
    title: "Stalking e cyberstalking",
    text: "Messaggi, chiamate, controlli e minacce ripetute che ti fanno vivere nella paura: sono atti persecutori (art. 612-bis c.p.).",
    to: "/education/stalking",
  },
  {
    title: "Cyberbullismo",
    text: "Offese, esclusioni e umiliazioni in rete contro ragazze e ragazzi. La legge 71/2017 permette di chiedere la rimozione dei contenuti.",
    to: "/education/cyberbullying",
  },
  {
    title: "Diffamazione",
    text: "Post, commenti o recensioni che offendono la tua reputazione davanti ad altre persone (art. 595 c.p.).",
    to: "/education/defamation",
  },
  {
    title: "Revenge porn",
    text: "Diffondere immagini o video intimi senza il tuo consenso è reato (art. 612-ter c.p.). La colpa non è mai tua.",
    to: "/education/revenge-porn",
  },
  {
    title: "Discorsi d'odio",
    text: "Insulti e minacce per la tua origine, la tua religione o il colore della pelle; se ti colpiscono per genere, orientamento o disabilità restano reati, come diffamazione, minaccia o stalking.",
    to: "/education/hate-speech",
  },
  {
    title: "Estorsione e sextortion",
    text: "Chi minaccia di diffondere le tue immagini per avere denaro commette estorsione (art. 629 c.p.). Non pagare e non cancellare i messaggi: sono prove.",
    to: "/education/extortion",
  },
];

export interface UrgentContact {
  label: string;
  text: string;
  href: string;
  linkText: string;
  external?: boolean;
}

export const URGENT_CONTACTS: readonly UrgentContact[] = [
  {
    label: "Sei in pericolo adesso?",
    text: "Chiama il numero unico di emergenza.",
    href: "tel:112",
    linkText: "Chiama il 112",
  },
  {
    label: "Violenza e stalking",
    text: "Il numero antiviolenza e stalking: gratuito, anonimo, attivo 24 ore su 24.",
    href: "tel:1522",
    linkText: "Chiama il 1522",
  },
  {
    label: "Se la vittima è minorenne",
    text: "Emergenza Infanzia: gratuito e attivo 24 ore su 24, per bambini, ragazzi e genitori.",
    href: "tel:114",
    linkText: "Chiama il 114",
  },
  {
    label: "Segnalare un reato online",
    text: "La Polizia Postale raccoglie segnalazioni e denunce sul suo commissariato online.",
    href: "https://www.commissariatodips.it",
    linkText: "commissariatodips.it",
    external: true,
  },
];
