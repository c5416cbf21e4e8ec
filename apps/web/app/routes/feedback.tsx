import { FeedbackPage } from "../features/feedback/feedback-page.tsx";
import { pageMeta } from "../features/seo/page-meta.ts";
import type { Route } from "./+types/feedback";

// The title and description never change with the answers or the result: nothing about the case shows in a
// tab, a history list or a shared screen.
export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Questionario gratuito: prima valutazione orientativa del tuo caso",
    description:
      "Rispondi a poche domande e scopri subito, gratis e in modo riservato, se quello che ti sta succedendo online sembra un reato, entro quando puoi agire e che cosa puoi fare.",
    path: "/feedback",
  });
}

export default function Feedback() {
  return <FeedbackPage />;
}
