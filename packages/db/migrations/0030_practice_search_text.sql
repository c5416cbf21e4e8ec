-- The lawyers' search reads one column with its own trigram index (issue 41): the practice number and,
-- unless the case is anonymous, its client's "name lastname". The database keeps it in step: a practice's
-- row when it is written, every practice of a client whose name changes.
ALTER TABLE "practices" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION practice_search_text(ticket text, owner uuid, anon boolean) RETURNS text
  LANGUAGE sql STABLE AS $$
    SELECT ticket || coalesce(' ' || (SELECT u.name || ' ' || u.lastname FROM users u WHERE u.id = owner AND NOT anon), '')
  $$;--> statement-breakpoint
CREATE FUNCTION practices_set_search_text() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := practice_search_text(NEW.ticket_code, NEW.owner_id, NEW.anonymous);
      RETURN NEW;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER practices_search_text BEFORE INSERT OR UPDATE OF ticket_code, owner_id, anonymous, search_text
  ON practices FOR EACH ROW EXECUTE FUNCTION practices_set_search_text();--> statement-breakpoint
CREATE FUNCTION users_renew_practices_search_text() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE practices SET search_text = '' WHERE owner_id = NEW.id;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER users_practices_search_text AFTER UPDATE OF name, lastname ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.lastname IS DISTINCT FROM NEW.lastname)
  EXECUTE FUNCTION users_renew_practices_search_text();--> statement-breakpoint
UPDATE practices SET search_text = practice_search_text(ticket_code, owner_id, anonymous);--> statement-breakpoint
DROP INDEX "practices_ticket_code_trgm_idx";--> statement-breakpoint
CREATE INDEX "practices_search_trgm_idx" ON "practices" USING gin ("search_text" gin_trgm_ops);
