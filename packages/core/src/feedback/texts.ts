import { formatItalianDate, formatMonthsItalian, type IsoDate } from "../shared/calendar.ts";
import { withDayArticle } from "../shared/italian-grammar.ts";
import type { Tristate } from "./answers.ts";
import type { Evaluation } from "./evaluation.ts";
import type { SectionEntry } from "./result.ts";

// The Italian prose of the feedback that is not tied to one offence (offence texts live in rules.ts).
// Plain, calm sentences for a frightened non-lawyer: what the law says, with its article; "sembra" and
// "potrebbe" wherever a fact is not certain; dates written out ("28 febbraio 2027").

const entry = (text: string, article?: string): SectionEntry => (article ? { text, article } : { text });

export const SUMMARY: Record<Evaluation, string> = {
  VALID:
    "Dalle tue risposte sembra che quello che ti è successo possa costituire reato e che tu sia ancora in tempo per agire. Qui sotto trovi i reati, le scadenze e i passi da fare.",
  WITHRESERVE:
    "Dalle tue risposte quello che ti è successo potrebbe costituire reato, ma alcuni aspetti vanno verificati: per questo la valutazione è «con riserva». Qui sotto trovi cosa manca e cosa puoi fare intanto.",
  NOTVALID:
    "Dalle tue risposte non sembrano esserci gli elementi di un reato. Questo non significa che quello che hai vissuto non sia grave: possono esserci altre strade, che trovi qui sotto.",
  EXPIRED:
    "Dalle tue risposte quello che ti è successo sembra poter costituire reato, ma i termini per agire in sede penale sembrano ormai scaduti. Qui sotto trovi il dettaglio e le strade che potrebbero restare aperte.",
};

export const texts = {
  summary: (evaluation: Evaluation) => entry(SUMMARY[evaluation]),

  offenceFound: (description: string, certain: boolean) =>
    `${description} ${
      certain
        ? "Dalle tue risposte questi elementi sembrano presenti."
        : "Dalle tue risposte questo reato potrebbe esserci, ma alcuni elementi non sono certi."
    }`,

  // Art. 84 c.p. (fact sheet B.7): the threats are the means of the absorbing offence, not a second offence.
  threatAbsorbed: (name: string, lawWords: string, certain: boolean) =>
    entry(
      `Le minacce che ci hai descritto fanno parte del reato di ${name}: la legge punisce chi ${lawWords}. Quando la minaccia è il mezzo con cui si commette un reato più grave, non è un reato a sé ma ne fa parte (art. 84 c.p., reato complesso): per questo non ha un termine per la querela separato, e vale quello del reato di ${name}.${
        certain
          ? ""
          : ` Se però il reato di ${name} non venisse riconosciuto, la minaccia resterebbe un reato a sé (art. 612 c.p.), per il quale di regola la querela va presentata entro 3 mesi: parlane presto con un avvocato.`
      }`,
      "84 c.p.",
    ),

  nothingInScope: entry(
    "Dalle tue risposte non emergono gli elementi dei reati che valutiamo: stalking, diffamazione, diffusione di immagini intime, deepfake, estorsione, violenza sessuale (con un ricatto, o verso una persona minorenne), minaccia, propaganda d'odio, sostituzione di persona, interferenze nella vita privata, accesso abusivo e trattamento illecito di dati. Se pensi che manchi qualcosa, puoi rivedere le risposte o chiedere una consulenza.",
  ),

  // ── Procedibility and deadlines ──
  querelaIntro: entry(
    "La querela è la richiesta, da parte della vittima, che il reato venga perseguito. Il termine per presentarla è di 3 mesi da quando hai saputo del fatto e di chi l'ha commesso; per lo stalking e per il revenge porn è di 6 mesi, per la violenza sessuale di 12 mesi. I mesi si contano sul calendario: se il giorno non esiste nel mese di scadenza, il termine scade l'ultimo giorno di quel mese.",
    "124 c.p.",
  ),
  whereToFile: entry(
    "La querela e la denuncia si presentano alla Polizia di Stato (anche alla Polizia Postale), ai Carabinieri o alla Procura della Repubblica, anche con l'aiuto di un avvocato.",
  ),
  // One statement per complaint-based offence: its term, and (said once, as uncertain) why it might be
  // prosecuted ex officio all the same. "maybe" holds whole sentences.
  // With the author not known the term has not begun: the date, from the facts, is a prudent one.
  querelaOpen: (
    title: string,
    deadline: IsoDate,
    daysLeft: number,
    asOf: IsoDate,
    article: string,
    maybe: readonly string[] = [],
    authorNotKnown = false,
  ) =>
    entry(
      `${
        authorNotKnown
          ? `${title}: poiché non sai ancora chi è l'autore, il termine per la querela non è ancora iniziato: decorre da quando saprai chi è. Ti indichiamo comunque una data prudente, calcolata da quando hai saputo dei fatti: presenta querela entro ${withDayArticle("il", formatItalianDate(deadline))}.`
          : `${title}: puoi presentare querela entro ${withDayArticle("il", formatItalianDate(deadline))}.`
      } ${
        daysLeft === 0
          ? "Alla data di questa valutazione è l'ultimo giorno utile: non aspettare."
          : `Alla data di questa valutazione (${formatItalianDate(asOf)}) ${daysLeft === 1 ? "resta 1 giorno" : `restano ${daysLeft} giorni`}.`
      }${maybe.length > 0 ? ` ${maybe.join(" ")} Poiché non è certo, rispetta comunque questa data.` : ""}`,
      article,
    ),
  querelaPassed: (title: string, deadline: IsoDate, article: string) =>
    entry(
      `${title}: il termine per la querela sembra scaduto ${withDayArticle("il", formatItalianDate(deadline))}. Da quel momento, se si procede solo a querela, il reato non può più essere perseguito.`,
      article,
    ),
  querelaPassedUncertain: (
    title: string,
    deadline: IsoDate,
    authorKnown: Tristate | undefined,
    maybe: readonly string[],
    article: string,
  ) =>
    entry(
      `${title}: se lo calcoliamo dai fatti, il termine per la querela sarebbe scaduto ${withDayArticle("il", formatItalianDate(deadline))}.${
        authorKnown === false
          ? " Però il termine decorre da quando sai anche chi è l'autore: poiché non lo sai ancora, non è ancora iniziato, e puoi presentare querela contro ignoti."
          : authorKnown === "UNKNOWN"
            ? " Però il termine decorre da quando sai anche chi è l'autore: se ancora non lo sai, potresti essere in tempo."
            : ""
      }${maybe.length > 0 ? ` ${maybe.join(" ")} In quel caso si potrebbe procedere anche senza querela.` : ""} Parlane subito con un avvocato.`,
      article,
    ),
  authorUnknown: (notKnown: boolean) =>
    entry(
      notKnown
        ? "Puoi presentare querela contro ignoti già adesso, senza aspettare di sapere chi è l'autore: saranno le indagini a cercare di identificarlo. Il termine decorre da quando conosci sia il fatto sia il suo autore, ma non aspettare: le prove online possono sparire."
        : "Se non sai ancora chi è l'autore, puoi presentare querela contro ignoti. Il termine decorre da quando conosci sia il fatto sia il suo autore, ma per sicurezza conviene rispettare la data indicata.",
      "124 c.p.",
    ),
  knowledgeLater: entry(
    "Il termine per la querela decorre da quando hai saputo del fatto e di chi l'ha commesso: per questo lo calcoliamo dalla data in cui ne sei venuto a conoscenza.",
    "124 c.p.",
  ),
  exOfficio: (title: string, reason: string, article: string) =>
    entry(
      `${title}: si procede d'ufficio${reason ? ` ${reason}` : ""}. Non c'è un termine per la querela: le autorità possono agire appena vengono a sapere del fatto, ma conviene denunciarlo il prima possibile.`,
      article,
    ),
  connectedMaybe: (name: string, others: string) =>
    `Poiché sembra esserci anche un reato perseguito d'ufficio (${others}), per ${name} si potrebbe procedere d'ufficio perché i fatti sono collegati.`,
  complaintFiled: entry(
    "Hai indicato di aver già presentato querela o denuncia: non ci sono altri termini per la querela da rispettare per questi fatti. Se ci sono nuovi episodi, segnala anche quelli.",
  ),
  ammonimentoBarred: entry(
    "Dopo la querela non è più possibile chiedere l'ammonimento del Questore per gli stessi fatti.",
  ),

  // ── Prescription ──
  prescription: (title: string, months: number, date: IsoDate, passed: boolean, caveat?: string) =>
    entry(
      `${
        passed
          ? `${title}: il reato sembra prescritto ${withDayArticle("dal", formatItalianDate(date))}, cioè ${formatMonthsItalian(months)} dopo l'ultimo episodio.`
          : `${title}: il reato si prescrive in ${formatMonthsItalian(months)} dall'ultimo episodio, cioè ${withDayArticle("il", formatItalianDate(date))}, salvo interruzioni.`
      }${caveat ? ` ${caveat}` : ""}`,
      "157 c.p.",
    ),
  prescriptionOngoing: (title: string, months: number, date: IsoDate) =>
    entry(
      `${title}: poiché le condotte sono ancora in corso, la prescrizione non è ancora iniziata. Comincerà a decorrere dall'ultimo episodio e durerà ${formatMonthsItalian(months)}: se tutto finisse oggi, scadrebbe ${withDayArticle("il", formatItalianDate(date))}.`,
      "157 c.p.",
    ),
  prescriptionRule: entry(
    "La prescrizione è il tempo entro cui un reato può essere punito: è pari alla pena massima prevista dalla legge, e per i delitti non è mai inferiore a 6 anni. Contano anche le aggravanti che aumentano la pena di oltre un terzo.",
    "157 c.p.",
  ),
  prescriptionInterruption: (example: string | null) =>
    entry(
      `Alcuni atti del procedimento interrompono la prescrizione: in questo caso il termine può allungarsi, di regola, al massimo di un quarto${example ? ` (per esempio ${example})` : ""}.`,
      "161 c.p.",
    ),
  prescriptionStops: entry(
    "Dopo la sentenza di primo grado la prescrizione smette di decorrere (riforma Cartabia).",
    "161-bis c.p.",
  ),
  prescriptionBill: entry(
    "Nel gennaio 2024 la Camera ha approvato una proposta di legge che cambierebbe di nuovo le regole sulla prescrizione; non ci risulta confermata l'approvazione definitiva. Un avvocato può dirti se cambia qualcosa nel tuo caso.",
  ),

  // ── Withdrawal of the complaint ──
  tacitWithdrawal: (protectedVictim: boolean) =>
    entry(
      protectedVictim
        ? "Dal 30 dicembre 2022 una querela può considerarsi ritirata se chi l'ha presentata non si presenta senza un giustificato motivo a testimoniare, o se un percorso di giustizia riparativa si conclude con esito positivo. Questa regola però non vale per chi è minorenne, incapace o in condizione di vulnerabilità."
        : "Attenzione: dal 30 dicembre 2022, se dopo aver presentato querela non ti presenti senza un giustificato motivo a testimoniare, la querela può considerarsi ritirata. Lo stesso vale se un percorso di giustizia riparativa si conclude con esito positivo.",
      "152 c.p.",
    ),

  // ── Damages ──
  damages: entry(
    "Chi commette un reato che causa un danno, economico o morale, deve risarcirlo. Il risarcimento si può chiedere anche al giudice civile.",
    "185 c.p.",
  ),
  damagesCivil: entry(
    "Il danno economico e quello non economico (per esempio la sofferenza patita) si risarciscono secondo le regole del codice civile.",
    "2043 e 2059 c.c.",
  ),
  damagesPrescription: entry(
    "Il diritto al risarcimento si prescrive in 5 anni; se il fatto è un reato con una prescrizione più lunga, vale quest'ultima.",
    "2947 c.c.",
  ),

  // ── Civil remedies: what the victim can do instead of a complaint ──
  damagesWithoutCrime: entry(
    "Anche quando un comportamento non è reato, se ti ha causato un danno ingiusto puoi chiederne il risarcimento al giudice civile: non serve una querela, ma un'azione civile, di solito con l'aiuto di un avvocato.",
    "2043 c.c.",
  ),
  civilDamagesPrescription: entry(
    "Il diritto al risarcimento in sede civile si prescrive, di regola, in 5 anni: non aspettare troppo.",
    "2947 c.c.",
  ),
  damagesAfterCriminalTerms: entry(
    "Anche se i termini penali sembrano scaduti, potresti ancora chiedere il risarcimento del danno al giudice civile: il diritto si prescrive di regola in 5 anni o, se il fatto è un reato con una prescrizione più lunga, in quel termine. Un avvocato può verificare se sei ancora in tempo.",
    "2947 c.c.",
  ),
  insultRemedy: (beforeOthers: boolean, specificFact: boolean) =>
    entry(
      `L'ingiuria non si persegue con una querela: puoi chiedere al giudice civile il risarcimento del danno e la condanna dell'autore a una sanzione pecuniaria civile, ${
        beforeOthers
          ? "che in questo caso va da 200 a 12.000 euro, perché l'offesa è avvenuta davanti ad altre persone."
          : specificFact
            ? "che in questo caso va da 200 a 12.000 euro, perché ti è stato attribuito un fatto determinato."
            : "da 100 a 8.000 euro, o da 200 a 12.000 euro se ti è stato attribuito un fatto determinato o se erano presenti altre persone."
      }`,
      "D.Lgs. 7/2016",
    ),

  // ── Evidence ──
  keepEvidence: entry(
    "Conserva le prove: fai screenshot completi di data, ora, link e nome del profilo, e salva i link. Non cancellare messaggi, chat o email, anche se fa male rileggerli. Una copia con valore legale (legalizzazione) rende le prove più solide, soprattutto se i contenuti potrebbero sparire.",
  ),
  keepEvidenceMinorSexual: entry(
    "Non fare copie, screenshot o inoltri delle immagini e non condividerle con nessuno, nemmeno per mostrarle: conserva invece i link, i nomi dei profili e i messaggi di testo, e lascia che sia la Polizia Postale a occuparsi del materiale.",
  ),

  // ── Minors and sexual content ──
  humanReview: (reason: "MINOR" | "SEXUAL_DEMAND" | "MAYBE_SEXUAL_DEMAND") =>
    entry(
      `${
        reason === "MINOR"
          ? "Poiché riguarda una persona minorenne e contenuti sessuali o un ricatto"
          : reason === "SEXUAL_DEMAND"
            ? "Poiché ti sono stati chiesti, con una minaccia, immagini intime o atti sessuali"
            : "Poiché la minaccia riguarda contenuti intimi e potrebbe trattarsi di violenza sessuale"
      }, il caso sarà esaminato subito da una persona del nostro team prima di qualsiasi altro passo.`,
    ),
  policeNow: (minor: boolean) =>
    entry(
      minor
        ? "Rivolgiti senza aspettare alla Polizia Postale, anche tramite il sito del Commissariato di P.S. online (commissariatodips.it), insieme a un genitore o a un adulto di cui ti fidi."
        : "Rivolgiti senza aspettare alla Polizia Postale, anche tramite il sito del Commissariato di P.S. online (commissariatodips.it). Se vuoi, fatti accompagnare da una persona di cui ti fidi o da un centro antiviolenza.",
    ),
  childHelp: entry(
    "Non devi affrontarlo senza aiuto: parlane con un genitore o con un adulto di cui ti fidi. Il 114 Emergenza Infanzia risponde gratis, giorno e notte, a bambini, ragazzi e genitori; se c'è un pericolo immediato chiama il 112.",
  ),
  childPornography: entry(
    "Quando sono coinvolte immagini sessuali di una persona minorenne potrebbero esserci anche reati più gravi, come la pornografia minorile: va valutato subito da una persona esperta e dalla Polizia Postale.",
    "600-ter c.p.",
  ),
  dsaChildMaterial: entry(
    "Se segnali a una piattaforma contenuti sessuali che riguardano un minore, non è obbligatorio indicare il tuo nome e la tua email.",
    "16 Reg. UE 2022/2065 (DSA)",
  ),

  // ── Intimate images: Garante art. 144-bis and hash-based blocking ──
  garanteIntimate: entry(
    "Puoi segnalare al Garante per la protezione dei dati personali il rischio che immagini o video intimi vengano diffusi, anche prima che accada: il Garante decide entro 48 ore. La segnalazione può farla chi ha almeno 14 anni; per chi è più piccolo se ne occupa un genitore.",
    "144-bis D.Lgs. 196/2003",
  ),
  garanteIntimateDetails: entry(
    "Inviare il materiale al Garante per questa segnalazione non è reato. Le piattaforme devono conservarlo per 12 mesi come prova, e il blocco avviene tramite un'impronta digitale del file (hash), senza che il contenuto venga diffuso.",
    "144-bis D.Lgs. 196/2003",
  ),
  stopNcii: entry(
    "Con il servizio gratuito StopNCII.org puoi creare sul tuo dispositivo un'impronta digitale (hash) delle immagini intime, senza caricarle da nessuna parte: le piattaforme aderenti la usano per bloccarne la pubblicazione.",
  ),
  takeItDown: entry(
    "Per chi era minorenne quando le immagini sono state realizzate esiste il servizio gratuito Take It Down (takeitdown.ncmec.org): crea sul dispositivo un'impronta digitale (hash) delle immagini, senza caricarle, e le piattaforme aderenti la usano per bloccarle. Fatti aiutare da un genitore o da un adulto di fiducia.",
  ),
  garanteDeadlineNote:
    "Se invii oggi la segnalazione al Garante privacy per le immagini intime, la decisione è attesa entro 48 ore.",

  // ── Minors: L. 71/2017 (cyberbullying) ──
  cyberbullyingLaw: entry(
    "La legge sul cyberbullismo (L. 71/2017, aggiornata dalla L. 70/2024) protegge i minorenni da pressioni, molestie, ricatti, denigrazioni, furti d'identità e trattamenti illeciti di dati personali commessi online. Non è un reato a sé: si valutano i reati che questi comportamenti possono costituire. Per bullismo la legge intende aggressioni o molestie ripetute verso un minore che gli causano ansia, paura o isolamento.",
    "1 L. 71/2017",
  ),
  removalRequest: (age14Plus: boolean | undefined) =>
    entry(
      `Puoi inviare una richiesta di rimozione al sito o al social network, che deve oscurare, rimuovere o bloccare i contenuti: indica il link (URL). Si può fare anche se non c'è un reato. ${
        age14Plus === true
          ? "Avendo almeno 14 anni, puoi farlo direttamente tu, oppure può farlo un genitore."
          : age14Plus === false
            ? "Poiché la vittima ha meno di 14 anni, la richiesta la fa un genitore."
            : "Può farlo direttamente il minore che ha almeno 14 anni, oppure un genitore."
      }`,
      "2 L. 71/2017",
    ),
  removalEscalation: entry(
    "Se entro 24 ore la piattaforma non conferma di aver preso in carico la richiesta, se entro 48 ore non rimuove il contenuto, o se non si riesce a capire chi gestisce il sito, puoi rivolgerti al Garante per la protezione dei dati personali, che decide entro 48 ore.",
    "2 L. 71/2017",
  ),
  platformDeadlineNote:
    "Se invii oggi la richiesta di rimozione, la piattaforma deve confermarla entro 24 ore e rimuovere il contenuto entro 48 ore; altrimenti puoi rivolgerti al Garante privacy.",
  minorAmmonimento: (authorMinorCertain: boolean) =>
    entry(
      `${authorMinorCertain ? "Poiché l'autore è minorenne, se ha più di 14 anni" : "Se l'autore è un minorenne con più di 14 anni,"} finché non è stata presentata querela puoi chiedere al Questore di ammonirlo per diffamazione, minaccia, diffusione di immagini intime o trattamento illecito di dati commessi anche online. L'ammonimento cessa quando l'autore compie 18 anni.`,
      "7 L. 71/2017",
    ),
  minorAmmonimentoOther: entry(
    "Un ammonimento del Questore è previsto anche per percosse, lesioni, violenza privata, minaccia e danneggiamento commessi da ragazzi con più di 14 anni contro altri minorenni.",
    "D.L. 123/2023",
  ),
  minorDecree2025: entry(
    "Nel 2025 è stato approvato un decreto di attuazione della riforma sul cyberbullismo (D.Lgs. 99/2025), di cui non abbiamo potuto verificare il contenuto: un avvocato può dirti se cambia qualcosa nel tuo caso.",
  ),
  cyberbullyingAdult: entry(
    "La legge sul cyberbullismo protegge i minorenni: poiché all'epoca dei fatti eri maggiorenne, valutiamo direttamente i reati che questi comportamenti possono costituire.",
    "1 L. 71/2017",
  ),
  cyberbullyingAgeUnknown: entry(
    "Se all'epoca dei fatti la vittima era minorenne, può usare anche gli strumenti della legge sul cyberbullismo: la richiesta di rimozione dei contenuti alla piattaforma, il ricorso al Garante privacy e, in alcuni casi, l'ammonimento del Questore.",
    "2 L. 71/2017",
  ),
  minorComplaint: entry(
    "Per una persona minorenne, di solito è un genitore o chi ne ha la responsabilità ad accompagnarla nel presentare querela o denuncia.",
  ),

  // ── Online content: Digital Services Act ──
  dsa: entry(
    "Dal 17 febbraio 2024 il Digital Services Act obbliga ogni servizio che ospita contenuti online (social network, siti, piattaforme) a offrire un sistema per segnalare i contenuti illegali e a valutare le segnalazioni. In Italia l'autorità di riferimento è l'AGCOM.",
    "16 Reg. UE 2022/2065 (DSA)",
  ),
  dsaNotice: entry(
    "Segnala il contenuto alla piattaforma con il modulo per i contenuti illegali. Di norma una segnalazione efficace indica perché il contenuto è illegale, il link esatto (URL), il tuo nome e la tua email, e una dichiarazione di buona fede; il testo ufficiale delle regole è nell'articolo 16 del regolamento. Prima, però, conserva le prove.",
    "16 Reg. UE 2022/2065 (DSA)",
  ),
  agcom: entry(
    "L'AGCOM è il coordinatore italiano dei servizi digitali, l'autorità che vigila sul rispetto di queste regole.",
    "15 D.L. 123/2023",
  ),

  // ── Hate motive ──
  hateExOfficioUnconfirmed: entry(
    "L'aggravante di discriminazione potrebbe rendere alcuni reati perseguibili d'ufficio, ma non è confermato: per sicurezza rispetta i termini per la querela indicati.",
    "604-ter c.p.",
  ),
  hateNoBalancing: entry(
    "Quando c'è l'aggravante di discriminazione o di odio, le eventuali attenuanti non possono prevalere su di essa.",
    "604-ter c.p.",
  ),
  womanHatredUnconfirmed: entry(
    "Dal 17 dicembre 2025 una nuova legge prevede un'aggravante per gli atti di odio o di discriminazione contro la vittima in quanto donna; non abbiamo potuto confermare di quanto aumenti la pena.",
    "L. 181/2025",
  ),

  // ── Evaluation reasons, exclusions, closing ──
  reserveReasonsIntro: "La valutazione è «con riserva» per questi motivi:",
  noExclusions: entry(
    "Dalle tue risposte non emergono cause che escludano il reato, le cosiddette scriminanti. Un avvocato può verificarlo con te.",
  ),
  expiredOptions: entry(
    "Anche se i termini penali sembrano scaduti, potresti ancora chiedere la rimozione dei contenuti e, in alcuni casi, il risarcimento in sede civile. Un avvocato può verificare le date con precisione.",
  ),
  disclaimer: entry(
    "Questa è una prima valutazione orientativa, preparata in automatico solo dalle tue risposte: non ha valore di parere legale. Un avvocato può verificare il tuo caso e le date con precisione.",
  ),
  supportViolence: entry(
    "Quello che ti è successo non è colpa tua. Se ti senti in pericolo chiama il 112; se hai bisogno di parlare con qualcuno, puoi rivolgerti anche a un centro antiviolenza o al numero 1522, gratuito e attivo giorno e notte.",
  ),
  supportChild: entry(
    "Quello che ti è successo non è colpa tua. Se ti senti in pericolo chiama il 112; se hai bisogno di parlare con qualcuno, anche tu che sei genitore, c'è il 114 Emergenza Infanzia, gratuito e attivo giorno e notte.",
  ),
  supportDanger: entry(
    "Quello che ti è successo non è colpa tua. Se ti senti in pericolo, chiama subito il 112.",
  ),
} as const;
