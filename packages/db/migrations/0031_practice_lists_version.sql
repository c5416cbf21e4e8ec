-- What a list of practices shows changes only with the rows below (issue 41, ADR 045). Each transaction that
-- changes one of them gives practice_lists_version a new value as it commits, in the same commit: a process
-- that read the value and then a page may answer from that page while the value stays the same, on any
-- number of processes, with no message to wait for. A random value rather than a count, so that a database
-- restored from a backup never repeats a value a process has already seen.
CREATE TABLE "practice_lists_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "practice_lists_version_one_row" CHECK ("practice_lists_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO "practice_lists_version" ("id") VALUES (1);--> statement-breakpoint
-- The embedded engine's process hears its own commits (packages/db/src/heard-commits.ts): its one connection turns
-- argine.hear_commits on and listens, and a NOTIFY reaches it before the commit that sent it resolves. A
-- PostgreSQL server leaves the setting off: no process could hear another's commits in time, so they read.
CREATE FUNCTION commit_heard(what text) RETURNS void
  LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('argine.hear_commits', true) = 'on' THEN
        PERFORM pg_notify('argine_commits', what);
      END IF;
    END
  $$;--> statement-breakpoint
-- Once per transaction (a local setting lasts until its end), however many rows it wrote. Deferred to the
-- commit, so the row's lock is held from there to the end of the commit only: taken earlier, two writers
-- could each wait for a row the other holds.
CREATE FUNCTION practice_lists_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('argine.practice_lists_changed', true) IS DISTINCT FROM 'yes' THEN
        UPDATE practice_lists_version SET version = gen_random_uuid() WHERE id = 1;
        PERFORM set_config('argine.practice_lists_changed', 'yes', true);
      END IF;
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER practices_lists_changed AFTER INSERT OR UPDATE OR DELETE ON practices
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER comments_lists_changed AFTER INSERT OR UPDATE OR DELETE ON comments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER comment_reads_lists_changed AFTER INSERT OR UPDATE OR DELETE ON comment_reads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
-- A lawyer's name shows on the cases assigned to her; a client's changes her practices' search text, above.
CREATE CONSTRAINT TRIGGER users_lists_changed AFTER UPDATE OF name, lastname ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.lastname IS DISTINCT FROM NEW.lastname)
  EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
-- A constraint trigger cannot fire on TRUNCATE: a statement's trigger can, at once, and a TRUNCATE already
-- locks the whole table until its commit.
CREATE TRIGGER practices_lists_truncated AFTER TRUNCATE ON practices
  FOR EACH STATEMENT EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
CREATE TRIGGER comments_lists_truncated AFTER TRUNCATE ON comments
  FOR EACH STATEMENT EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
CREATE TRIGGER comment_reads_lists_truncated AFTER TRUNCATE ON comment_reads
  FOR EACH STATEMENT EXECUTE FUNCTION practice_lists_changed();--> statement-breakpoint
CREATE TRIGGER users_lists_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION practice_lists_changed();
--> statement-breakpoint
-- Whoever gives the version a new value (the triggers above, a tool writing it directly), the embedded
-- engine's process hears it.
CREATE FUNCTION practice_lists_version_heard() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM commit_heard('lists ' || NEW.version);
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER practice_lists_version_heard AFTER UPDATE ON practice_lists_version
  FOR EACH ROW EXECUTE FUNCTION practice_lists_version_heard();--> statement-breakpoint
-- What a request's grant check reads (packages/db/src/queries/oidc.ts grantCaller): a grant, a user's roles, a user.
CREATE FUNCTION grants_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM commit_heard('grants');
      RETURN NULL;
    END
  $$;--> statement-breakpoint
CREATE TRIGGER oidc_grants_changed AFTER INSERT OR UPDATE OR DELETE ON oidc_payloads
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();--> statement-breakpoint
CREATE TRIGGER users_removed AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();--> statement-breakpoint
CREATE TRIGGER oidc_payloads_truncated AFTER TRUNCATE ON oidc_payloads
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();--> statement-breakpoint
CREATE TRIGGER user_roles_truncated AFTER TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();--> statement-breakpoint
CREATE TRIGGER users_grants_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();
