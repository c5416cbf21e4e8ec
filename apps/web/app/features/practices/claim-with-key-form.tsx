import { casePath } from "@argine/core/practices/case-path";
import type { ClaimedPractice, ClaimWithKeyBody } from "@argine/core/practices/claim";
import { useNavigate } from "react-router";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { ErrorSummary, type SummaryField } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import { FormEnd, SendError, TextField } from "../../shared/ui/form-field.tsx";
import { lazySchemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useClaimWithKey } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";

// "Ho un codice pratica" on the client's dashboard (ADR 010): the practice code and the claim key from the
// questionnaire's result (or its PDF) add the practice to this account from any device. A wrong key, an
// unknown code and someone else's practice get the same answer; attempts are limited (the API's 429).

const FIELDS: readonly SummaryField<ClaimWithKeyBody>[] = [
  { name: "ticketCode", label: "Codice pratica" },
  { name: "claimKey", label: "Chiave di recupero" },
];

// The form sits on the client's dashboard: its check loads at its first focus or check, not with the dashboard's
// first screen (issue 41).
const claimResolver = lazySchemaResolver<ClaimWithKeyBody, ClaimWithKeyBody>(() =>
  import("@argine/core/practices/claim").then((claim) => claim.ClaimWithKeyBodySchema),
);

// What a code is typed with: no autocorrection or capitals fixed by the phone, no saved values offered.
const CODE_INPUT = { autoComplete: "off", autoCapitalize: "characters", spellCheck: false } as const;

export function ClaimWithKeyForm() {
  const navigate = useNavigate();
  const claimWithKey = useClaimWithKey(SENT_BY_FORM);
  const claim = useCheckedForm<ClaimWithKeyBody, ClaimWithKeyBody, ClaimedPractice>({
    resolver: claimResolver,
    defaultValues: { ticketCode: "", claimKey: "" },
    fieldNames: FIELDS.map((field) => field.name),
    send: claimWithKey.mutateAsync,
    onSuccess: (claimed) => {
      // The practices read again (the claim's write), then the practice itself, now in the account.
      void navigate(casePath(claimed.ticketCode));
    },
  });
  const { form, field, submit, onSubmit, issuesPlaced, summaryRef } = claim;

  return (
    <PracticeSection title="Ho un codice pratica">
      <p>
        Hai compilato il questionario su un altro dispositivo, o prima di accedere? Inserisci il codice
        pratica e la chiave di recupero che hai trovato nella pagina del risultato o nel PDF.
      </p>
      <form
        className={formStyles.form}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={claimResolver.preload}
      >
        <ErrorSummary
          formState={form.formState}
          fields={FIELDS}
          onSelect={form.setFocus}
          summaryRef={summaryRef}
        />
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <TextField
          label="Codice pratica"
          hint="Per esempio AR-7KM2Q9XD."
          required
          {...CODE_INPUT}
          {...field("ticketCode")}
        />
        <TextField
          label="Chiave di recupero"
          hint="8 lettere e cifre, per esempio K7QM-2XFD."
          required
          {...CODE_INPUT}
          {...field("claimKey")}
        />
        <FormEnd
          form={claim}
          label="Aggiungi la pratica al mio account"
          pendingLabel="Un momento…"
          disabled={submit.isPending || submit.isSuccess}
        />
      </form>
    </PracticeSection>
  );
}
