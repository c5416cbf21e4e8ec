import type { AttachmentKind } from "@argine/core/diary/attachments";
import type { Dossier } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { canonicalJson, inOrderOfOccurrence, type SealedVersion } from "@argine/core/diary/entry";
import { AppError } from "@argine/core/errors/app-error";
import type { FeedbackResult } from "@argine/core/feedback/result";
import type { Actor } from "@argine/core/identity/policy";
import type { Db } from "@argine/db/client";
import {
  type DiaryAttachmentRow,
  type DiaryDossierRow,
  type DiaryVersionRow,
  entriesContent,
  findDossier,
  insertDossier,
  listEntries,
  updateDossier,
} from "@argine/db/queries/diary";
import { findPractice } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { sha256 } from "../storage/storage.ts";
import { ownPractice } from "./diary-service.ts";
import type {
  DossierAttachment,
  DossierEntry,
  DossierInput,
  DossierSeal,
  QuestionnaireFacts,
} from "./dossier-input.ts";
import { renderDossierPdf } from "./dossier-pdf.ts";
import { buildDossierZip } from "./dossier-zip.ts";

// "Prepara il dossier" (issue 40): the client asks, the diary-dossier job makes the PDF and the ZIP from what
// is sealed and stores them, writing its progress for the screen that polls it; the links are the owner's.

const LINK_SECONDS = 10 * 60;

async function ownDossier(db: Db, actor: Actor, id: string): Promise<DiaryDossierRow> {
  const row = await findDossier(db, id);
  if (!row || row.ownerId !== actor.userId) throw new AppError("NOT_FOUND", DIARY_MESSAGES.dossierNotFound);
  return row;
}

async function dossierView(deps: Deps, row: DiaryDossierRow): Promise<Dossier> {
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  const link = async (key: string | null, extension: string) => {
    if (!key || row.state !== "READY") return null;
    const url = await deps.storage.downloadUrl(key, {
      fileName: `dossier-episodi-${day}.${extension}`,
      expiresInSeconds: LINK_SECONDS,
    });
    return { url, expiresAt: new Date(now(deps.clock).getTime() + LINK_SECONDS * 1000).toISOString() };
  };
  return {
    id: row.id,
    practiceId: row.practiceId,
    state: row.state as Dossier["state"],
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    entries: row.entries,
    pdf: await link(row.pdfKey, "pdf"),
    zip: await link(row.zipKey, "zip"),
  };
}

/** POST /v1/diary/dossiers: a practice's entries (hers) or the whole diary; refused while it is empty. */
export async function createDossier(
  deps: Deps,
  actor: Actor,
  { practiceId }: { practiceId: string | null },
): Promise<Dossier> {
  if (practiceId) await ownPractice(deps.db, actor, practiceId);
  const entries = await listEntries(deps.db, {
    ownerId: actor.userId,
    ...(practiceId ? { practiceId } : {}),
  });
  if (!entries.length) throw new AppError("BAD_REQUEST", DIARY_MESSAGES.dossierEmpty);
  const row = await deps.db.transaction(async (tx) => {
    const dossier = await insertDossier(tx, { ownerId: actor.userId, practiceId });
    await deps.jobs.send(tx, "diary-dossier", { dossierId: dossier.id });
    return dossier;
  });
  return dossierView(deps, row);
}

/** GET /v1/diary/dossiers/{id}: its progress, and its links once ready. */
export async function getDossier(deps: Deps, actor: Actor, id: string): Promise<Dossier> {
  return dossierView(deps, await ownDossier(deps.db, actor, id));
}

const dossierSeal = (row: {
  sha256: string | null;
  seal: Uint8Array | null;
  sealedAt: Date | null;
  sealSerial: string | null;
}): DossierSeal => ({
  sha256: row.sha256 ?? "",
  token: row.seal,
  sealedAt: row.sealedAt,
  serial: row.sealSerial,
});

/**
 * A version's sealed JSON, rebuilt from what is stored: the bytes whose hash was sealed, checked against it
 * (a difference would be a dossier that cannot be verified: the job fails rather than write it).
 */
function sealedJson(version: DiaryVersionRow, attachments: DiaryAttachmentRow[]): string {
  const sealed: SealedVersion = {
    entryId: version.entryId,
    version: version.version,
    fields: version.fields,
    attachments: attachments.map((row) => ({ name: row.fileName, sha256: row.sha256 ?? "" })),
    receivedAt: version.receivedAt.toISOString(),
  };
  const json = canonicalJson(sealed);
  if (sha256(Buffer.from(json)) !== version.sha256)
    throw new Error(`diary version ${version.id} does not match its sealed hash`);
  return json;
}

/** The questionnaire's answers the dossier prints, each only when it is what the questionnaire stores. */
function questionnaireFacts(answers: unknown): QuestionnaireFacts {
  const given = (answers ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof given[key] === "string" ? (given[key] as string) : null);
  return {
    category: text("category"),
    firstEventDate: text("firstEventDate"),
    lastEventDate: text("lastEventDate"),
    ongoing: given.ongoing === true,
    knowledgeDate: text("knowledgeDate"),
    description: text("description"),
  };
}

/** What the dossier is made of, read from the database; the attachments' bytes are read when needed. */
async function dossierEntries(deps: Deps, row: DiaryDossierRow): Promise<DossierEntry[]> {
  const entries = await listEntries(deps.db, {
    ownerId: row.ownerId,
    ...(row.practiceId ? { practiceId: row.practiceId } : {}),
  });
  const { versions, listedBy } = await entriesContent(
    deps.db,
    entries.map((entry) => entry.id),
  );
  const made = entries.map((entry) => {
    const own = versions.filter((version) => version.entryId === entry.id);
    const used = [...new Map(own.flatMap((version) => listedBy(version.id)).map((a) => [a.id, a])).values()];
    return {
      entryId: entry.id,
      createdAt: entry.createdAt.toISOString(),
      versions: own.map((version) => ({
        version: version.version,
        fields: version.fields,
        receivedAt: version.receivedAt,
        sealedJson: sealedJson(version, listedBy(version.id)),
        seal: dossierSeal(version),
        attachmentIds: listedBy(version.id).map((a) => a.id),
      })),
      attachments: used.map(
        (a): DossierAttachment => ({
          id: a.id,
          fileName: a.fileName,
          kind: a.kind as AttachmentKind,
          size: a.size,
          seal: dossierSeal(a),
          bytes: async () => {
            const bytes = await deps.storage.get(a.storageKey);
            if (!bytes) throw new Error(`diary attachment ${a.id} is missing from the storage`);
            return bytes;
          },
        }),
      ),
    };
  });
  return inOrderOfOccurrence(made).map(({ createdAt: _, ...entry }) => entry);
}

/**
 * The diary-dossier job: the PDF and the ZIP made and stored, the progress written at each tenth. A failure
 * marks the dossier FAILED (the screen says so) and throws: the queue's retry makes it anew.
 */
export async function buildDossier(deps: Deps, { dossierId }: { dossierId: string }): Promise<void> {
  const row = await findDossier(deps.db, dossierId);
  if (!row || row.state === "READY") return;
  try {
    await updateDossier(deps.db, row.id, { state: "RUNNING", progress: 5 });
    const owner = await findUserById(deps.db, row.ownerId);
    const practice = row.practiceId ? await findPractice(deps.db, row.practiceId) : undefined;
    const entries = await dossierEntries(deps, row);
    let written = 5;
    const input: DossierInput = {
      clientName: owner?.name ?? "",
      practice: practice
        ? {
            ticketCode: practice.ticketCode,
            createdAt: practice.createdAt,
            facts: questionnaireFacts(practice.answers),
            feedback: (practice.feedback as FeedbackResult | null) ?? null,
          }
        : null,
      entries,
      generatedAt: now(deps.clock),
      tsaChainPem: await deps.timestamps.chain(),
      onProgress: async (fraction) => {
        const progress = Math.min(90, 10 + Math.floor(fraction * 80));
        if (progress - written < 10) return;
        written = progress;
        await updateDossier(deps.db, row.id, { progress });
      },
    };
    const pdf = await renderDossierPdf(input);
    const zip = await buildDossierZip(input, pdf);
    const base = `diary/${row.ownerId}/dossiers/${row.id}`;
    await deps.storage.put(`${base}.pdf`, pdf);
    await deps.storage.put(`${base}.zip`, zip);
    await updateDossier(deps.db, row.id, {
      state: "READY",
      progress: 100,
      entries: entries.length,
      pdfKey: `${base}.pdf`,
      zipKey: `${base}.zip`,
      readyAt: now(deps.clock),
    });
  } catch (error) {
    await updateDossier(deps.db, row.id, { state: "FAILED" });
    throw error;
  }
}
