import { formatShortItalianDay } from "@argine/core/shared/calendar";
import { EFFECT_NONE, QUESTIONS, type Question, stepsFor } from "../feedback/public.ts";

// The questionnaire's answers as the client saw them, for the lawyer's case page: in the questionnaire's
// order and wording for the case's category (questionnaire-steps.ts, which may reword a question per
// category), choices as their Italian labels, dates as dd/mm/yyyy.

export interface AnsweredQuestion {
  field: string;
  question: string;
  answer: string;
}

const YES_NO: Record<string, string> = { true: "Sì", false: "No" };

function answerText(question: Question, value: unknown): string {
  const label = (v: unknown) =>
    question.options?.find((option) => option.value === String(v))?.label ?? YES_NO[String(v)] ?? String(v);
  if (Array.isArray(value)) {
    // An empty list is how "Nessuna di queste" travels (questionnaire-steps.ts drops EFFECT_NONE).
    return value.length ? value.map(label).join(", ") : label(EFFECT_NONE);
  }
  if (question.kind === "date") return formatShortItalianDay(String(value));
  return label(value);
}

/** Every stored answer once, in the order the client met its question; unknown fields last, as they are. */
export function answeredQuestions(answers: Record<string, unknown>): AnsweredQuestion[] {
  const category = typeof answers.category === "string" ? answers.category : "";
  const rows: AnsweredQuestion[] = [];
  const seen = new Set<string>();
  const add = (question: Question) => {
    const value = answers[question.field];
    if (seen.has(question.field) || value === undefined || value === null) return;
    seen.add(question.field);
    rows.push({ field: question.field, question: question.label, answer: answerText(question, value) });
  };
  for (const step of stepsFor(category)) for (const question of step.questions) add(question);
  // Answers the category's steps do not ask (an older questionnaire): in the questions' general order.
  for (const question of Object.values(QUESTIONS)) add(question as Question);
  for (const [field, value] of Object.entries(answers)) {
    if (!seen.has(field) && value !== undefined && value !== null) {
      rows.push({ field, question: field, answer: Array.isArray(value) ? value.join(", ") : String(value) });
    }
  }
  return rows;
}
