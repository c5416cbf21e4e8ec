// Italian messages of the feedback questionnaire's validation. Generic ones ('Campo Obbligatorio', the
// statement of truth, privacy) live in ../shared/messages.ts.
export const FEEDBACK_MESSAGES = {
  invalidChoice: "Seleziona una delle opzioni proposte.",
  invalidDate: "Data non valida: indica giorno, mese e anno di una data esistente.",
  futureDate: "La data non può essere successiva a oggi.",
  lastBeforeFirst: "La data dell'ultimo episodio non può essere precedente a quella del primo.",
  knowledgeBeforeFirst: "La data in cui hai saputo del fatto non può essere precedente al primo episodio.",
  descriptionTooLong: "La descrizione può contenere al massimo 5000 caratteri.",
  answersRequired: "Rispondi alle domande del questionario.",
} as const;
