import type { DiaryEntry } from "@argine/core/diary/diary-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { DIARY_PATH, diaryEntryPath } from "../../shared/navigation/navigation.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import styles from "./diary.module.css";
import { myPracticesQuery, practiceLabel, withPractice } from "./diary-page.tsx";
import { useCreateEntry, useForgetDiaryOnQuickExit } from "./diary-queries.ts";
import { EntryForm } from "./entry-form.tsx";
import { type EntryFormValues, newEntryValues } from "./entry-form-schema.ts";
import { type SharedInbox, takeSharedInbox } from "./shared-inbox.ts";

/** The address's mark of a page opened by the phone's «Condividi» (the service worker's redirect). */
export const SHARED_PARAM = "condiviso";

/**
 * /dashboard/diary/nuovo: a new episode, in the practice of `?practiceId=` when she came from one. Opened
 * by the phone's «Condividi» (`?condiviso=1`), it takes what was shared, sends the files as attachments and
 * puts the links and the words in the form. Saved, it goes to the episode (in place of this page).
 */
export function NewEntryPage() {
  useForgetDiaryOnQuickExit();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const practiceId = params.get("practiceId");
  const fromShare = params.get(SHARED_PARAM) === "1";
  const practices = useQuery(myPracticesQuery());
  const shared = useSharedInbox(fromShare, () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SHARED_PARAM);
        return next;
      },
      { replace: true },
    ),
  );
  const create = useCreateEntry(SENT_BY_FORM);

  if (fromShare && shared === undefined) return <p role="status">Recupero di quello che hai condiviso…</p>;
  const options = (practices.data?.data ?? []).map((practice) => ({
    value: practice.practiceId,
    label: practiceLabel(practice),
  }));
  const known = options.some((option) => option.value === practiceId);
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={withPractice(DIARY_PATH, known ? practiceId : null)}>← Diario degli episodi</Link>
      </p>
      <h1 className={styles.title}>Nuovo episodio</h1>
      <p className={styles.intro}>
        Scrivi quello che ricordi: potrai correggerlo dopo, e la prima versione resterà sigillata accanto alla
        correzione.
      </p>
      <StatusRegion>{shared ? <SharedNote inbox={shared} /> : null}</StatusRegion>
      {/* Shown once the practices are known, so a practice of the address is chosen in the form. */}
      {practices.isPending ? (
        <p role="status">Caricamento…</p>
      ) : (
        <EntryForm
          defaultValues={sharedValues(newEntryValues(known ? practiceId : null), shared)}
          sharedFiles={shared?.files}
          practices={options.length ? options : undefined}
          submitLabel="Salva l'episodio"
          onSubmit={(body, attachmentIds) => create.mutateAsync({ ...body, attachmentIds })}
          onSaved={(entry: DiaryEntry) => navigate(diaryEntryPath(entry.id), { replace: true })}
        />
      )}
    </div>
  );
}

/** The form's values with what was shared: its links in the rows, its words as what happened. */
function sharedValues(values: EntryFormValues, shared: SharedInbox | null | undefined): EntryFormValues {
  if (!shared) return values;
  return {
    ...values,
    urls: shared.urls.length ? shared.urls.slice(0, 10).map((url) => ({ url })) : values.urls,
    what: shared.text || values.what,
  };
}

/**
 * What the phone shared, taken once (and so deleted from the device); undefined while it is read, null when
 * the page was not opened by a share. `taken` runs once it is read (the address forgets the share's mark).
 */
function useSharedInbox(fromShare: boolean, taken: () => void): SharedInbox | null | undefined {
  const [inbox, setInbox] = useState<SharedInbox | null | undefined>(fromShare ? undefined : null);
  const started = useRef(false);
  const onTaken = useRef(taken);
  onTaken.current = taken;
  useEffect(() => {
    if (!fromShare || started.current) return;
    started.current = true;
    void takeSharedInbox().then((shared) => {
      setInbox(shared);
      onTaken.current();
    });
  }, [fromShare]);
  return inbox;
}

function SharedNote({ inbox }: { inbox: SharedInbox }) {
  const files = inbox.files.length;
  if (files === 0 && inbox.urls.length === 0 && !inbox.text)
    return (
      <FormMessage tone="info">
        <p>
          Non è arrivato nulla di quello che hai condiviso. Se hai appena installato l'app, condividilo di
          nuovo: ora è pronta a riceverlo. Puoi anche allegarlo qui sotto con «Allega foto o file».
        </p>
      </FormMessage>
    );
  return (
    <FormMessage tone="info">
      <p>
        {files === 1
          ? "Il file che hai condiviso viene allegato"
          : files > 1
            ? `I ${files} file che hai condiviso vengono allegati`
            : "Quello che hai condiviso è nel modulo"}
        : completa l'episodio e salvalo.
      </p>
    </FormMessage>
  );
}
