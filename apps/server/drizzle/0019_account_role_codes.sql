ALTER TABLE "accounts" ADD COLUMN "role_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- accounts.role_codes: the union of the codes of the roles an account holds (roles of its own
-- site), kept here so the auth statement reads one column per chain node instead of joining the
-- roles on every request. Triggers keep it in the transaction of every change, whoever writes:
-- an assignment or unassignment (account_roles, including a role's deletion cascading to it)
-- and an edit of a role's codes (roles).
--
-- Correct under concurrency because every recomputation first locks the accounts it rewrites
-- (ascending id, FOR NO KEY UPDATE: the server's lock order) and then reads in a new statement,
-- i.e. with a snapshot taken after the locks: whichever of two racing changes locks the account
-- last sees the other's commit. An assignment also takes FOR SHARE on the roles it inserts, so
-- it waits for an uncommitted edit of those roles' codes instead of reading the old codes.
CREATE OR REPLACE FUNCTION refresh_role_codes(p_ids integer[]) RETURNS void AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM accounts WHERE id = ANY(p_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE accounts a
     SET role_codes = coalesce((
           SELECT array_agg(DISTINCT c ORDER BY c)
             FROM account_roles h JOIN roles r ON r.id = h.role_id, unnest(r.codes) AS c
            WHERE h.account_id = a.id AND r.site_id = a.site_id), '{}'::text[])
   WHERE a.id = ANY(p_ids);
END;
$$ LANGUAGE plpgsql VOLATILE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_roles_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM 1 FROM roles WHERE id IN (SELECT role_id FROM inserted_rows) ORDER BY id FOR SHARE;
  PERFORM refresh_role_codes(ARRAY(SELECT DISTINCT account_id FROM inserted_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION account_roles_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_role_codes(ARRAY(SELECT DISTINCT account_id FROM deleted_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION roles_updated() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_role_codes(ARRAY(
    SELECT DISTINCT h.account_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN account_roles h ON h.role_id = n.id
     WHERE n.codes IS DISTINCT FROM o.codes));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER account_roles_insert AFTER INSERT ON account_roles
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION account_roles_inserted();
--> statement-breakpoint
CREATE TRIGGER account_roles_delete AFTER DELETE ON account_roles
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION account_roles_deleted();
--> statement-breakpoint
CREATE TRIGGER roles_update AFTER UPDATE ON roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roles_updated();
--> statement-breakpoint
SELECT refresh_role_codes(ARRAY(SELECT DISTINCT account_id FROM account_roles));
