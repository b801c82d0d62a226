-- The facts a signed-in caller is built from (its session, its account and every account on its
-- chain) announce their changes on the channel auth_changed, whoever writes them: a service, the
-- role triggers of 0019, a script or an operator's SQL. Each server process keeps the callers it
-- has resolved (src/core/session-cache.ts) and drops a site's callers when the site's facts
-- change. The payload is the site id: a transaction that changes many rows of one site sends one
-- notification (PostgreSQL folds identical payloads), and PostgreSQL delivers it at commit, never
-- for a rollback.
--
-- Accounts: every column but the balance, which every credit move writes (the caller is never
-- read for it), and the last sign-in time and address, which every sign-in writes. Columns named
-- in UPDATE OF fire the trigger when a statement sets them, so the ledger's balance-only updates
-- never run it. A test checks that the list covers every other column, so a new column cannot be
-- forgotten here.
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    -- TRUNCATE: every site.
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_changed', OLD.site_id);
  ELSE
    PERFORM pg_notify('auth_changed', NEW.site_id);
    IF NEW.site_id IS DISTINCT FROM OLD.site_id THEN
      PERFORM pg_notify('auth_changed', OLD.site_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER accounts_auth_changed
  AFTER UPDATE OF id, site_id, kind, is_shadow, parent_id, lvl, path, account_no, role_codes, nick_name, password_hash,
    ratio, is_disabled, is_full_disabled, is_full_readonly, disabled_by, full_disabled_by, full_readonly_by, permissions,
    invite_code, providers, bet_limits, verify_status, registered, real_name, phone, verify_submitted_at, created_by, created_at
    OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_truncated AFTER TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
-- Sessions: a revocation (sign-out, a kick, a password change), a new expiry or a deletion. A new
-- session is not announced: no process holds it yet.
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
