import {
  type ConsultationVideoLink,
  ConsultationVideoLinkSchema,
  type StaffConsultation,
} from "@argine/core/consultation/consultation-api";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { FormEnd, SendError, TextField } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./agenda.module.css";
import { useSetVideoLink } from "./consultation-queries.ts";

// The agenda's video link for one booked video call (ADR 031's amendment): staff paste the meeting's https
// address; the API stores it and mails it to the person, who also sees it on her manage page and in her area.

interface Values {
  videoUrl: string;
}

export function VideoLinkForm({ booking }: { booking: StaffConsultation }) {
  const send = useSetVideoLink(SENT_BY_FORM);
  const checked = useCheckedForm<Values, ConsultationVideoLink, StaffConsultation>({
    resolver: schemaResolver(ConsultationVideoLinkSchema),
    defaultValues: { videoUrl: booking.videoUrl ?? "" },
    fieldNames: ["videoUrl"],
    focusOnInvalid: "field",
    send: (body) => send.mutateAsync({ id: booking.id, videoUrl: body.videoUrl }),
  });
  const { field, onSubmit, submit, issuesPlaced } = checked;
  const who = `consulenza delle ${booking.time} con ${booking.name}`;
  return (
    <form className={styles.videoLink} onSubmit={onSubmit} noValidate aria-label={`Link della ${who}`}>
      <TextField
        label="Link della videochiamata"
        type="url"
        inputMode="url"
        hint={
          booking.videoUrl
            ? "Già inviato: se lo cambi, mandiamo il nuovo link alla persona."
            : "Lo mandiamo per email alla persona, senza nulla del suo caso."
        }
        {...field("videoUrl")}
      />
      <SendError error={submit.error} issuesPlaced={issuesPlaced} />
      <FormEnd
        form={checked}
        label={booking.videoUrl ? "Invia il nuovo link" : "Invia il link"}
        pendingLabel="Invio in corso…"
        savedMessage="Link inviato alla persona."
      />
    </form>
  );
}
