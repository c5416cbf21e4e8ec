import type { DiaryEntry, DiaryVersion } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { DIARY_PLATFORM } from "@argine/core/diary/entry";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { DIARY_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { AttachmentList } from "./attachment-list.tsx";
import styles from "./diary.module.css";
import { currentVersion, episodeDay, episodeTime, romeMoment, sealText, shortHash } from "./diary-format.ts";
import { myPracticesQuery, practiceLabel, withPractice } from "./diary-page.tsx";
import { entryQueryOptions, useCorrectEntry, useForgetDiaryOnQuickExit } from "./diary-queries.ts";
import { EntryForm } from "./entry-form.tsx";
import { versionValues } from "./entry-form-schema.ts";
import { SealBadge } from "./entry-list.tsx";
import { HandOff } from "./hand-off.tsx";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * /dashboard/diary/:id: an episode as it reads now, its attachments, its seal, the earlier versions each with
 * its own seal; «Correggi» seals a new version beside them; its links handed in one step to the takedown and
 * the capture of its practice.
 */
export function EntryPage() {
  useForgetDiaryOnQuickExit();
  const { id = "" } = useParams();
  const entry = useQuery(entryQueryOptions(id));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const correct = useCorrectEntry(id, SENT_BY_FORM);
  const practices = useQuery(myPracticesQuery());
  const practiceOptions = (practices.data?.data ?? []).map((practice) => ({
    value: practice.practiceId,
    label: practiceLabel(practice),
  }));

  // Back from the form (saved or not), the keyboard starts again from the episode's title.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) heading.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (entry.isPending) return <p role="status">Caricamento dell'episodio…</p>;
  if (entry.isError) {
    const missing = ["NOT_FOUND", "BAD_REQUEST"].includes(errorCode(entry.error) ?? "");
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{missing ? "Episodio non trovato" : "Episodio non disponibile"}</h1>
        <FormMessage tone="error">{missing ? DIARY_MESSAGES.entryNotFound : entry.error.message}</FormMessage>
        <p>
          <Link to={DIARY_PATH}>Torna al diario</Link>
        </p>
      </div>
    );
  }
  const data = entry.data;
  const version = currentVersion(data);
  const attachments = data.attachments.filter((attachment) => version.attachmentIds.includes(attachment.id));
  return (
    <div className={styles.page}>
      <p className={styles.back}>
        <Link to={withPractice(DIARY_PATH, data.practiceId)}>← Diario degli episodi</Link>
      </p>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {episodeDay(version.fields.occurredOn)}
      </h1>
      <StatusRegion>
        {saved !== null && !editing ? (
          <FormMessage tone="success">
            <p>Correzione salvata: è la versione {saved}, sigillata accanto alle precedenti.</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
      {editing ? (
        <section className={styles.section} aria-labelledby="diary-correct">
          <h2 id="diary-correct" className={styles.sectionTitle}>
            Correggi l'episodio
          </h2>
          <p className={styles.hint}>
            La versione che correggi resta sigillata com'è: la correzione diventa una nuova versione, con il
            suo sigillo.
          </p>
          <EntryForm
            defaultValues={versionValues(version, data.practiceId)}
            attachments={attachments}
            submitLabel="Salva la correzione"
            practices={practiceOptions.length ? practiceOptions : undefined}
            onSubmit={(fields, attachmentIds) => correct.mutateAsync({ ...fields, attachmentIds })}
            onSaved={(corrected) => {
              setSaved(currentVersion(corrected).version);
              setEditing(false);
            }}
          >
            <button type="button" className={SECONDARY} onClick={() => setEditing(false)}>
              Annulla
            </button>
          </EntryForm>
        </section>
      ) : (
        <>
          <CurrentVersion version={version} />
          {attachments.length ? (
            <section className={styles.section} aria-labelledby="diary-attachments">
              <h2 id="diary-attachments" className={styles.sectionTitle}>
                Allegati
              </h2>
              <AttachmentList attachments={attachments} />
            </section>
          ) : null}
          <p className={styles.actions}>
            <button
              type="button"
              className={PRIMARY}
              onClick={() => {
                setSaved(null);
                setEditing(true);
              }}
            >
              Correggi
            </button>
          </p>
          <Seal version={version} />
          <History entry={data} />
          <HandOff entry={data} urls={version.fields.urls} />
        </>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VersionFacts({ version }: { version: DiaryVersion }) {
  const { fields } = version;
  return (
    <>
      <dl className={styles.facts}>
        <Fact term="Giorno">{episodeDay(fields.occurredOn)}</Fact>
        <Fact term="Ora">{fields.occurredAt ?? "non ricordata"}</Fact>
        <Fact term="Dove">{DIARY_PLATFORM.label(fields.platform)}</Fact>
        <Fact term="Chi">{fields.who || "non indicato"}</Fact>
      </dl>
      {fields.urls.length ? (
        <>
          <h3 className={styles.subTitle}>Link</h3>
          <ul className={styles.urlList}>
            {fields.urls.map((url) => (
              <li key={url} className={styles.url}>
                {url}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className={styles.subTitle}>Che cosa è successo</h3>
      <p className={styles.fullText}>{fields.what}</p>
    </>
  );
}

function CurrentVersion({ version }: { version: DiaryVersion }) {
  return (
    <section className={styles.section} aria-labelledby="diary-current">
      <h2 id="diary-current" className={styles.sectionTitle}>
        L'episodio
      </h2>
      <p className={styles.hint}>
        {episodeTime(version.fields.occurredAt)} · versione {version.version}
      </p>
      <VersionFacts version={version} />
      <SealBadge sealedAt={version.sealedAt} />
    </section>
  );
}

/** A seal's details: the SHA-256 sealed (shortened, copied whole), when, and the timestamp's serial. */
function SealFacts({ version }: { version: DiaryVersion }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(version.sha256);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <dl className={styles.facts}>
        <Fact term="Impronta SHA-256">
          <span className={styles.hash} title={version.sha256}>
            {shortHash(version.sha256)}
          </span>{" "}
          <button type="button" className={buttonStyles.link} onClick={copy}>
            Copia l'impronta completa
          </button>
        </Fact>
        <Fact term="Marca temporale">{sealText(version.sealedAt)}</Fact>
        <Fact term="Numero della marca temporale">{version.sealSerial ?? "—"}</Fact>
      </dl>
      <StatusRegion>{copied ? <p className={styles.hint}>Impronta copiata.</p> : null}</StatusRegion>
    </>
  );
}

function Seal({ version }: { version: DiaryVersion }) {
  return (
    <section className={styles.section} aria-labelledby="diary-seal">
      <h2 id="diary-seal" className={styles.sectionTitle}>
        Il sigillo
      </h2>
      <p className={styles.hint}>
        Quando salvi un episodio, ne calcoliamo l'impronta (SHA-256) e un ente di marcatura temporale la
        sigilla con la data e l'ora: chiunque può verificare che da quel momento l'episodio non è cambiato.
        {version.sealedAt ? "" : " Il sigillo arriva di solito entro pochi minuti."}
      </p>
      <SealFacts version={version} />
    </section>
  );
}

/** The versions, the current one first; each older one whole, with its own seal. */
function History({ entry }: { entry: DiaryEntry }) {
  if (entry.versions.length < 2) return null;
  return (
    <section className={styles.section} aria-labelledby="diary-history">
      <h2 id="diary-history" className={styles.sectionTitle}>
        Le versioni
      </h2>
      <p className={styles.hint}>
        Ogni correzione è una nuova versione: le precedenti restano com'erano, sigillate.
      </p>
      <ol className={styles.versions}>
        {entry.versions.map((version, index) => (
          <li key={version.version} className={styles.version}>
            <details>
              <summary>
                Versione {version.version} del {romeMoment(version.receivedAt)}
                {index === 0 ? " (attuale)" : ""}
              </summary>
              <VersionFacts version={version} />
              <SealFacts version={version} />
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
