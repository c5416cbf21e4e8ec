import type { Answers } from "@argine/core/feedback/answers";

// The questionnaire's questions (docs/decisions/005-feedback-engine-readings.md): one entry per answer field,
// each with its Italian label, a short reason ("why we ask") and its options. The steps
// (questionnaire-steps.ts) pick the questions a category needs and may reword one for its context.
//
// Values travel through the form as strings: "true" / "false" for yes/no, "UNKNOWN" for "Non so", the
// contract's codes for choices. questionnaire-steps.ts turns them back into Answers.

/** The answer fields the questionnaire asks (every field of Answers). */
export type AnswerField = keyof Answers;

/** The answers given so far, as the contract types them (only the questions shown count). */
export type PartialAnswers = Partial<Answers>;

export type QuestionKind = "choice" | "multi" | "date" | "text" | "url" | "textarea";

export interface QuestionOption {
  value: string;
  label: string;
  hint?: string;
}

export interface Question {
  field: AnswerField;
  kind: QuestionKind;
  label: string;
  /** Why we ask it, in one short sentence: every question says it. */
  why: string;
  hint?: string;
  options?: readonly QuestionOption[];
  required?: boolean;
  /** Asked only when the earlier answers make it relevant. */
  when?: (answers: PartialAnswers) => boolean;
}

export const YES = "true";
export const NO = "false";
export const DONT_KNOW = "UNKNOWN";

/** For facts the victim knows: Sì / No. */
export const YES_NO: readonly QuestionOption[] = [
  { value: YES, label: "Sì" },
  { value: NO, label: "No" },
];

/** Where the contract allows UNKNOWN: Sì / No / Non so. */
export const YES_NO_DONT_KNOW: readonly QuestionOption[] = [...YES_NO, { value: DONT_KNOW, label: "Non so" }];

export const CATEGORY_OPTIONS: readonly QuestionOption[] = [
  {
    value: "STALKING",
    label: "Qualcuno mi perseguita",
    hint: "Telefonate, messaggi, appostamenti, pedinamenti o controlli ripetuti (stalking).",
  },
  {
    value: "CYBER_STALKING",
    label: "Qualcuno mi perseguita online",
    hint: "Messaggi, commenti, contatti o controlli ripetuti su social, chat o email (cyberstalking).",
  },
  {
    value: "DEFAMATION",
    label: "Qualcuno parla male di me davanti ad altri",
    hint: "Post, commenti, recensioni o messaggi che offendono la mia reputazione (diffamazione).",
  },
  {
    value: "REVENGEPORN",
    label: "Sono state diffuse mie immagini intime",
    hint: "Foto o video intimi condivisi senza il mio consenso, anche falsi (revenge porn, deepfake).",
  },
  {
    value: "EXTORTION",
    label: "Qualcuno mi chiede soldi o altro minacciandomi",
    hint: "Per esempio minaccia di diffondere mie immagini se non pago (estorsione, sextortion).",
  },
  {
    value: "CYBERBULLYING",
    label: "Bullismo in rete",
    hint: "Offese, umiliazioni, esclusioni o prese in giro online, soprattutto tra ragazze e ragazzi.",
  },
  {
    value: "HATE_SPEECH",
    label: "Odio e discriminazione",
    hint: "Attacchi per l'origine, la nazionalità, la religione, il genere, l'orientamento o una disabilità.",
  },
  {
    value: "THREAT",
    label: "Minacce",
    hint: "Qualcuno minaccia di farmi del male o di danneggiarmi.",
  },
  {
    value: "OTHER",
    label: "Altro, o non so come chiamarlo",
    hint: "Va bene lo stesso: ti faremo qualche domanda in più.",
  },
];

export const CHANNEL_OPTIONS: readonly QuestionOption[] = [
  { value: "SOCIAL_PUBLIC", label: "Su un profilo o una pagina social pubblica" },
  { value: "SOCIAL_PRIVATE", label: "Su un profilo social privato" },
  { value: "MESSAGING_GROUP", label: "In un gruppo di chat (WhatsApp, Telegram…)" },
  { value: "PRIVATE_MESSAGE", label: "In messaggi privati" },
  { value: "EMAIL", label: "Per email" },
  { value: "WEBSITE", label: "Su un sito web, un blog o un forum" },
  { value: "OTHER", label: "Altrove, anche di persona" },
];

export const AUDIENCE_OPTIONS: readonly QuestionOption[] = [
  { value: "VICTIM_ONLY", label: "Nessuna: l'ho visto solo io" },
  { value: "FEW", label: "Alcune persone, almeno due" },
  { value: "MANY", label: "Molte persone, o chiunque" },
];

export const RELATIONSHIP_OPTIONS: readonly QuestionOption[] = [
  { value: "SPOUSE", label: "Coniuge o persona unita civilmente" },
  { value: "PARTNER", label: "Partner attuale" },
  { value: "EX_PARTNER", label: "Ex partner" },
  { value: "FAMILY", label: "Un familiare" },
  { value: "ACQUAINTANCE", label: "Un conoscente o un amico" },
  { value: "COLLEAGUE", label: "Un collega o un compagno di scuola" },
  { value: "STRANGER", label: "Una persona che non conosco di persona" },
  { value: DONT_KNOW, label: "Non so" },
];

export const EFFECT_NONE = "NONE";

export const EFFECT_OPTIONS: readonly QuestionOption[] = [
  { value: "ANXIETY_FEAR", label: "Ansia o paura forti, che durano nel tempo" },
  { value: "FEAR_FOR_SAFETY", label: "Paura per la mia sicurezza o per quella di una persona cara" },
  {
    value: "CHANGED_HABITS",
    label: "Ho dovuto cambiare abitudini",
    hint: "Per esempio orari, percorsi, numero di telefono o profili social.",
  },
  { value: EFFECT_NONE, label: "Nessuna di queste" },
];

export const MOTIVE_OPTIONS: readonly QuestionOption[] = [
  { value: "NONE", label: "Nessuna di queste" },
  { value: "RACE", label: "Il colore della pelle" },
  { value: "ETHNICITY", label: "L'origine etnica" },
  { value: "NATIONALITY", label: "La nazionalità" },
  { value: "RELIGION", label: "La religione" },
  { value: "SEXUAL_ORIENTATION", label: "L'orientamento sessuale" },
  { value: "GENDER", label: "Il genere, per esempio perché sono donna" },
  { value: "DISABILITY", label: "Una disabilità" },
  { value: "OTHER", label: "Un altro motivo" },
];

/** What was demanded: asked gently, and "Preferisco non dirlo" is a full answer (UNKNOWN). */
export const DEMAND_KIND_OPTIONS: readonly QuestionOption[] = [
  { value: "MONEY", label: "Soldi, ricariche o altri beni" },
  {
    value: "SEXUAL",
    label: "Immagini o video intimi, o atti sessuali",
    hint: "Anche da fare davanti alla webcam o in videochiamata.",
  },
  {
    value: "OTHER",
    label: "Qualcos'altro",
    hint: "Per esempio di fare o di non fare qualcosa.",
  },
  { value: DONT_KNOW, label: "Preferisco non dirlo" },
];

export const INCITEMENT_OPTIONS: readonly QuestionOption[] = [
  { value: "NONE", label: "No, sono offese o attacchi" },
  { value: "DISCRIMINATION", label: "Sì, spinge a discriminare" },
  { value: "VIOLENCE", label: "Sì, spinge alla violenza" },
];

/** The questions, one per answer field, in their most general wording. */
export const QUESTIONS = {
  category: {
    field: "category",
    kind: "choice",
    label: "Che cosa ti sta succedendo?",
    why: "Così ti facciamo solo le domande che riguardano il tuo caso.",
    hint: "Scegli la descrizione più vicina. Se più cose si sovrappongono, scegli quella che ti pesa di più.",
    options: CATEGORY_OPTIONS,
    required: true,
  },
  firstEventDate: {
    field: "firstEventDate",
    kind: "date",
    label: "Quando è successo la prima volta?",
    why: "Le date servono a calcolare entro quando puoi sporgere querela e se si può ancora agire.",
    hint: "Se non ricordi il giorno esatto, va bene una data approssimativa.",
    required: true,
  },
  lastEventDate: {
    field: "lastEventDate",
    kind: "date",
    label: "Quando è successo l'ultima volta?",
    why: "I termini per agire si contano di solito dall'ultimo episodio.",
    hint: "Se è successo una volta sola, indica la stessa data.",
    required: true,
  },
  ongoing: {
    field: "ongoing",
    kind: "choice",
    label: "Sta ancora succedendo?",
    why: "Se i fatti continuano, alcuni termini non hanno ancora iniziato a decorrere.",
    options: YES_NO,
  },
  knowledgeDate: {
    field: "knowledgeDate",
    kind: "date",
    label: "Se hai scoperto i fatti o chi ne è l'autore solo più tardi, quando lo hai saputo?",
    why: "Il termine per la querela parte da quando conosci il fatto e chi l'ha commesso.",
    hint: "Facoltativa: lasciala vuota se lo hai saputo subito.",
  },
  victimIsMinor: {
    field: "victimIsMinor",
    kind: "choice",
    label: "Avevi meno di 18 anni quando è successo?",
    why: "Per le persone minorenni la legge prevede tutele in più e strade dedicate.",
    hint: "Se compili per tuo figlio o tua figlia, rispondi per lui o per lei.",
    options: YES_NO,
  },
  victimAge14Plus: {
    field: "victimAge14Plus",
    kind: "choice",
    label: "Avevi almeno 14 anni?",
    why: "Dai 14 anni si può chiedere da sé la rimozione dei contenuti (legge 71/2017).",
    options: YES_NO,
    when: (a) => a.victimIsMinor === true,
  },
  victimVulnerable: {
    field: "victimVulnerable",
    kind: "choice",
    label: "Ti trovi in una condizione che la legge tutela di più?",
    why: "In questi casi la legge prevede pene più alte e, a volte, si procede anche senza querela.",
    hint: "Per esempio una gravidanza, una disabilità o una malattia.",
    options: YES_NO,
  },
  authorKnown: {
    field: "authorKnown",
    kind: "choice",
    label: "Sai chi è l'autore?",
    why: "Il termine per la querela parte da quando sai chi è. Non serve saperlo per chiedere aiuto.",
    options: YES_NO_DONT_KNOW,
  },
  authorRelationship: {
    field: "authorRelationship",
    kind: "choice",
    label: "Che rapporto hai con questa persona?",
    why: "Alcuni rapporti, come una relazione presente o passata, rendono il reato più grave.",
    options: RELATIONSHIP_OPTIONS,
    when: (a) => a.authorKnown === true,
  },
  authorIsMinor: {
    field: "authorIsMinor",
    kind: "choice",
    label: "L'autore è minorenne?",
    why: "Se l'autore è minorenne ci sono strade in più, come l'ammonimento del Questore.",
    options: YES_NO_DONT_KNOW,
    when: (a) => a.victimIsMinor === true && a.authorKnown !== false,
  },
  repeated: {
    field: "repeated",
    kind: "choice",
    label: "È successo più di una volta?",
    why: "Lo stalking richiede comportamenti ripetuti: bastano anche pochi episodi.",
    options: YES_NO,
  },
  effects: {
    field: "effects",
    kind: "multi",
    label: "Questi comportamenti ti hanno causato qualcuna di queste conseguenze?",
    why: "La legge sullo stalking ne richiede almeno una. Quello che provi conta.",
    hint: "Puoi sceglierne più di una.",
    options: EFFECT_OPTIONS,
  },
  channel: {
    field: "channel",
    kind: "choice",
    label: "Dove è successo?",
    why: "Il luogo cambia la gravità dei fatti e il modo di far rimuovere i contenuti.",
    hint: "Se è successo in più posti, scegli quello principale.",
    options: CHANNEL_OPTIONS,
  },
  audience: {
    field: "audience",
    kind: "choice",
    label: "Oltre a te, quante persone hanno potuto vederlo o leggerlo?",
    why: "La diffamazione richiede che l'offesa raggiunga almeno due persone oltre a te.",
    options: AUDIENCE_OPTIONS,
  },
  victimIdentifiable: {
    field: "victimIdentifiable",
    kind: "choice",
    label: "Chi lo vede può capire che si parla di te?",
    why: "Serve perché ci sia diffamazione, anche se il tuo nome non compare.",
    hint: "Per esempio per una foto, un soprannome o altri dettagli.",
    options: YES_NO_DONT_KNOW,
  },
  victimPresent: {
    field: "victimPresent",
    kind: "choice",
    label: "Eri presente mentre accadeva, per esempio in una videochiamata o in una chat dal vivo?",
    why: "Se partecipavi mentre accadeva, anche insieme ad altre persone, la legge la considera un'offesa fatta in tua presenza (ingiuria), con strade diverse da quelle della diffamazione.",
    hint: "Un post, o un messaggio in un gruppo che hai letto dopo, non vuol dire che eri presente: in quel caso rispondi No.",
    options: YES_NO_DONT_KNOW,
  },
  harmsReputation: {
    field: "harmsReputation",
    kind: "choice",
    label: "Quello che è stato detto o scritto offende la tua reputazione?",
    why: "È l'elemento centrale della diffamazione.",
    hint: "Per esempio insulti, accuse, notizie false o frasi che ti umiliano.",
    options: YES_NO,
  },
  specificFact: {
    field: "specificFact",
    kind: "choice",
    label: "Ti viene attribuito un fatto preciso?",
    why: "Se ti viene attribuito un fatto determinato la pena è più alta.",
    hint: "Per esempio «ha rubato in ufficio», non solo un insulto generico.",
    options: YES_NO,
  },
  truthAndPublicInterest: {
    field: "truthAndPublicInterest",
    kind: "choice",
    label: "Quello che è stato scritto potrebbe essere vero e di interesse pubblico?",
    why: "Il diritto di cronaca e di critica può escludere il reato: ci serve per valutarlo con onestà.",
    hint: "Per esempio una notizia o una critica sul tuo ruolo pubblico o sul tuo lavoro.",
    options: YES_NO_DONT_KNOW,
  },
  victimPublicOfficial: {
    field: "victimPublicOfficial",
    kind: "choice",
    label: "Ricopri un ruolo pubblico e i fatti riguardano quel ruolo?",
    why: "Se riguarda un pubblico ufficiale nelle sue funzioni la legge prevede regole particolari.",
    hint: "Per esempio amministratore pubblico, insegnante, medico o agente in servizio.",
    options: YES_NO,
  },
  provoked: {
    field: "provoked",
    kind: "choice",
    label: "L'autore ha scritto queste cose a caldo, subito dopo un litigio o un fatto che attribuisce a te?",
    why: "La legge considera la reazione immediata a un torto (art. 599 c.p.). Non vuol dire che sia colpa tua.",
    options: YES_NO,
  },
  sexuallyExplicit: {
    field: "sexuallyExplicit",
    kind: "choice",
    label: "Le immagini o i video sono intimi o sessualmente espliciti?",
    why: "Il reato di diffusione illecita riguarda contenuti sessualmente espliciti.",
    hint: "Per esempio nudità o atti sessuali.",
    options: YES_NO,
  },
  meantPrivate: {
    field: "meantPrivate",
    kind: "choice",
    label: "Dovevano restare privati?",
    why: "La legge protegge i contenuti intimi destinati a restare privati.",
    hint: "Per esempio scattati o inviati in confidenza a una sola persona.",
    options: YES_NO,
  },
  consentToShare: {
    field: "consentToShare",
    kind: "choice",
    label: "Avevi acconsentito a farli vedere ad altre persone?",
    why: "Il reato c'è quando la diffusione avviene senza il tuo consenso.",
    hint: "Aver inviato un'immagine a una persona non vuol dire aver accettato che la diffonda.",
    options: YES_NO_DONT_KNOW,
  },
  sharingOnlyThreatened: {
    field: "sharingOnlyThreatened",
    kind: "choice",
    label: "Sono già stati diffusi, o per ora c'è solo la minaccia di farlo?",
    why: "Se c'è solo la minaccia il reato è diverso, e si può agire in fretta per prevenire la diffusione.",
    options: [
      { value: NO, label: "Sono già stati diffusi" },
      { value: YES, label: "Per ora c'è solo la minaccia" },
    ],
  },
  authorMadeOrTook: {
    field: "authorMadeOrTook",
    kind: "choice",
    label: "Chi li ha diffusi li aveva realizzati o sottratti?",
    why: "Chi ha realizzato o sottratto le immagini commette il reato in ogni caso.",
    hint: "Per esempio li ha girati lui o lei, o li ha presi dal tuo telefono o da un tuo account.",
    options: YES_NO,
  },
  sharedToHarm: {
    field: "sharedToHarm",
    kind: "choice",
    label: "Li ha diffusi per danneggiarti o umiliarti?",
    why: "Chi ha ricevuto le immagini commette il reato se le diffonde per nuocerti.",
    hint: "Per esempio per vendetta, dopo la fine di una relazione.",
    options: YES_NO,
  },
  aiGenerated: {
    field: "aiGenerated",
    kind: "choice",
    label: "Si tratta di un contenuto falso, creato o modificato con l'intelligenza artificiale?",
    why: "Dal 10 ottobre 2025 diffondere deepfake che danneggiano una persona è un reato a sé.",
    hint: "Per esempio il tuo volto montato su un altro corpo (deepfake).",
    options: YES_NO,
  },
  threatened: {
    field: "threatened",
    kind: "choice",
    label: "Ti ha minacciato di farti del male o di danneggiarti?",
    why: "La minaccia è un reato a sé e rende più gravi altri reati.",
    hint: "Anche con parole, messaggi o gesti, e anche se riguarda le persone a cui tieni.",
    options: YES_NO,
  },
  threatSerious: {
    field: "threatSerious",
    kind: "choice",
    label: "La minaccia era grave?",
    why: "Una minaccia grave è punita di più e a volte si procede anche senza querela.",
    hint: "Per esempio minacce di morte o di violenza, o di rovinarti la vita o il lavoro.",
    options: YES_NO,
    when: (a) => a.threatened === true,
  },
  threatAggravated: {
    field: "threatAggravated",
    kind: "choice",
    label: "È stata fatta con un'arma, da più persone insieme o con scritti anonimi?",
    why: "Sono circostanze che rendono la minaccia più grave (art. 339 c.p.).",
    options: YES_NO,
    when: (a) => a.threatened === true,
  },
  demand: {
    field: "demand",
    kind: "choice",
    label: "Ti ha chiesto soldi o qualcos'altro, minacciandoti?",
    why: "Chiedere qualcosa con una minaccia è un reato, anche se non hai ceduto.",
    hint: "Per esempio denaro, altre immagini, un incontro o di fare qualcosa contro la tua volontà.",
    options: YES_NO,
  },
  demandKind: {
    field: "demandKind",
    kind: "choice",
    label: "Che cosa ti ha chiesto?",
    why: "Se ti ha chiesto immagini intime o atti sessuali, la legge lo considera violenza sessuale e non estorsione: cambiano i tempi per agire e le tutele. Non è colpa tua.",
    hint: "Rispondi solo se te la senti: puoi anche scegliere di non dirlo.",
    options: DEMAND_KIND_OPTIONS,
    when: (a) => a.demand === true,
  },
  victimComplied: {
    field: "victimComplied",
    kind: "choice",
    label: "Hai pagato o fatto quello che ti chiedeva?",
    why: "Cambia il reato e puoi chiedere indietro quello che hai dato. Se hai ceduto, non è colpa tua.",
    options: YES_NO,
    when: (a) => a.demand === true,
  },
  discriminatoryMotive: {
    field: "discriminatoryMotive",
    kind: "choice",
    label: "Secondo te, ti hanno preso di mira per una di queste ragioni?",
    why: "La legge punisce più severamente l'odio per alcuni motivi, e non tutti allo stesso modo.",
    options: MOTIVE_OPTIONS,
  },
  incitement: {
    field: "incitement",
    kind: "choice",
    label: "Il contenuto spinge altre persone a discriminare o a usare violenza?",
    why: "La propaganda e l'istigazione all'odio sono un reato specifico (art. 604-bis c.p.).",
    options: INCITEMENT_OPTIONS,
  },
  askedForSexualContent: {
    field: "askedForSexualContent",
    kind: "choice",
    label: "Ti ha chiesto di mandare foto o video intimi, o di fare cose di tipo sessuale?",
    why: "Chiedere immagini o atti sessuali a una persona minorenne è un reato grave, anche senza minacce: la legge la protegge sempre, e si procede anche senza querela.",
    hint: "Anche se le hai mandate tu, anche se sembrava una persona gentile o di fiducia: non è colpa tua.",
    options: YES_NO,
    when: (a) => a.victimIsMinor === true,
  },
  impersonation: {
    field: "impersonation",
    kind: "choice",
    label: "Qualcuno ha creato un profilo falso a tuo nome o si è finto te?",
    why: "Sostituirsi a un'altra persona per ingannare è un reato (art. 494 c.p.).",
    options: YES_NO,
  },
  accountAccessed: {
    field: "accountAccessed",
    kind: "choice",
    label: "Qualcuno è entrato nei tuoi account o nel tuo telefono senza permesso?",
    why: "Entrare senza permesso in un account o in un dispositivo è un reato (art. 615-ter c.p.).",
    options: YES_NO,
  },
  secretRecording: {
    field: "secretRecording",
    kind: "choice",
    label:
      "Qualcuno ha registrato di nascosto immagini o suoni della tua vita privata in un luogo privato, o ha diffuso registrazioni così?",
    why: "Registrare di nascosto la vita privata in un luogo privato, o diffondere quelle registrazioni, è un reato (art. 615-bis c.p.).",
    hint: "Per esempio foto, video o audio fatti senza che lo sapessi in casa, in camera da letto o durante una telefonata privata.",
    options: YES_NO_DONT_KNOW,
  },
  complaintFiled: {
    field: "complaintFiled",
    kind: "choice",
    label: "Hai già presentato una denuncia o una querela per questi fatti?",
    why: "Se l'hai già fatto, il termine per la querela non ti riguarda più.",
    options: YES_NO,
  },
  ammonimentoIssued: {
    field: "ammonimentoIssued",
    kind: "choice",
    label: "L'autore ha già ricevuto un ammonimento dal Questore?",
    why: "Dopo l'ammonimento si procede anche senza querela.",
    hint: "È un avvertimento formale che la Questura può dare a chi perseguita.",
    options: YES_NO,
  },
  platform: {
    field: "platform",
    kind: "text",
    label: "Su quale piattaforma o sito?",
    why: "Ci aiuta a capire a chi chiedere la rimozione dei contenuti.",
    hint: "Per esempio Instagram, WhatsApp, TikTok o il nome di un sito.",
  },
  crimeUrl: {
    field: "crimeUrl",
    kind: "url",
    label: "Link al contenuto",
    why: "Serve a mettere al sicuro le prove e a chiedere la rimozione.",
    hint: "Se lo hai, incolla il link alla pagina, al post o al profilo. Non serve riaprire contenuti che ti fanno stare male.",
  },
  description: {
    field: "description",
    kind: "textarea",
    label: "Vuoi aggiungere qualcosa?",
    why: "Non cambia la valutazione automatica, ma aiuta chi leggerà il tuo caso.",
    hint: "Racconta con parole tue solo quello che ti senti di dire. Non inserire dati di altre persone (nomi, numeri, indirizzi) oltre a quanto serve per capire i fatti.",
  },
} as const satisfies Record<AnswerField, Question>;
