-- Each conversation numbers its messages in the order they commit (ADR 030): existing messages are numbered
-- in the order they were listed until now (their time, then their id), and each conversation's counter
-- starts after its last.
DROP INDEX "support_messages_thread_idx";--> statement-breakpoint
DROP INDEX "comments_practice_idx";--> statement-breakpoint
ALTER TABLE "support_messages" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "support_messages" m SET "seq" = n.seq FROM (SELECT id, row_number() OVER (PARTITION BY thread_id ORDER BY created_at, id) AS seq FROM "support_messages") n WHERE m.id = n.id;--> statement-breakpoint
ALTER TABLE "support_messages" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "support_threads" ADD COLUMN "message_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "support_threads" t SET "message_seq" = (SELECT coalesce(max(m.seq), 0) FROM "support_messages" m WHERE m.thread_id = t.id);--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "comments" c SET "seq" = n.seq FROM (SELECT id, row_number() OVER (PARTITION BY practice_id ORDER BY created_at, id) AS seq FROM "comments") n WHERE c.id = n.id;--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "message_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "practices" p SET "message_seq" = (SELECT coalesce(max(c.seq), 0) FROM "comments" c WHERE c.practice_id = p.id);--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_thread_seq_key" ON "support_messages" USING btree ("thread_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_practice_seq_key" ON "comments" USING btree ("practice_id","seq");
