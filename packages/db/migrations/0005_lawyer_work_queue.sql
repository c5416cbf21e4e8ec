ALTER TABLE "practices" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "practices_urgent_idx" ON "practices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "practices"."human_review" and "practices"."assigned_lawyer_id" is null and "practices"."status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "practices_urgent_first_idx" ON "practices" USING btree (("human_review" and "assigned_lawyer_id" is null and "status" <> 'CLOSED') desc nulls last,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "practices_awaiting_reply_idx" ON "practices" USING btree ("awaiting_reply_since") WHERE "practices"."awaiting_reply_since" is not null;--> statement-breakpoint
-- Cases whose client already waits: since their first comment after the last one by anybody else.
UPDATE "practices" AS p SET "awaiting_reply_since" = w.since
FROM (
  SELECT c."practice_id", min(c."created_at") AS since
  FROM "comments" c JOIN "practices" o ON o."id" = c."practice_id"
  WHERE c."author_id" = o."owner_id"
    AND NOT EXISTS (
      SELECT 1 FROM "comments" r
      WHERE r."practice_id" = c."practice_id" AND r."created_at" > c."created_at"
        AND r."author_id" IS DISTINCT FROM o."owner_id"
    )
  GROUP BY c."practice_id"
) AS w
WHERE p."id" = w."practice_id";
--> statement-breakpoint
-- A case waiting for a person offers no self-service capture or takedown until a lawyer has looked at it.
UPDATE "practices" SET "service_takedown_active" = false, "service_legalization_active" = false
WHERE "human_review" AND "status" = 'PENDING';
