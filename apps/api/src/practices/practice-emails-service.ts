import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { casePath } from "@argine/core/practices/case-path";
import type { PracticeEmail, PracticeEmailBody } from "@argine/core/practices/practices-api";
import { addPracticeEmail, listPracticeEmails, type PracticeEmailRow } from "@argine/db/queries/practices";
import { findUserById } from "@argine/db/queries/users";
import type { Deps } from "../deps.ts";
import { practiceMessageMail } from "../mail/templates.ts";
import { authorizedPractice } from "./practice-access.ts";
import { fullName } from "./practice-view.ts";

// The lawyer's e-mails to a practice's client, kept on the practice for both to read.

const toEmail = (r: {
  email: PracticeEmailRow;
  senderName: string | null;
  senderLastname: string | null;
}) => ({
  id: r.email.id,
  subject: r.email.subject,
  body: r.email.body,
  sender: fullName(r.senderName, r.senderLastname),
  sentAt: r.email.sentAt.toISOString(),
});

export async function listEmails(deps: Deps, actor: Actor, id: string): Promise<PracticeEmail[]> {
  const practice = await authorizedPractice(deps.db, actor, id, "read");
  return (await listPracticeEmails(deps.db, practice.id)).map(toEmail);
}

/**
 * Stores the e-mail and queues its mail in one transaction: the record and the mail go together or not at
 * all. The mail leaves from the job queue, retried while SMTP is down, so the lawyer is answered at once.
 */
export function emailClient(
  deps: Deps,
  actor: Actor,
  id: string,
  message: PracticeEmailBody,
): Promise<PracticeEmail> {
  return deps.db.transaction(async (tx) => {
    const practice = await authorizedPractice(tx, actor, id, "contact-client");
    const client = practice.ownerId ? await findUserById(tx, practice.ownerId) : undefined;
    if (!client) {
      throw new AppError(
        "CONFLICT",
        "La pratica non ha ancora un cliente registrato: non c'è un indirizzo a cui scrivere.",
      );
    }
    const email = await addPracticeEmail(tx, { practiceId: practice.id, senderId: actor.userId, ...message });
    const link = `${deps.config.publicUrl}${casePath(practice.ticketCode)}`;
    await deps.jobs.send(
      tx,
      "mail",
      practiceMessageMail(client.email, client.name, link, client.mailFullText ? message : null),
    );
    const sender = await findUserById(tx, actor.userId);
    return toEmail({ email, senderName: sender?.name ?? null, senderLastname: sender?.lastname ?? null });
  });
}
