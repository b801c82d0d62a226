-- The ledger is append-only (PRODUCT.md §4): entries are never updated, deleted or truncated;
-- a transaction row may only have its `result` filled once (null → the first answer), in the
-- database transaction that inserted it — every other column stays as written.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_transactions_result_once() RETURNS trigger AS $$
BEGIN
  IF OLD.result IS NULL AND NEW.result IS NOT NULL
     AND (NEW.id, NEW.site_id, NEW.kind, NEW.operator_id, NEW.idempotency_key, NEW.request_hash, NEW.memo, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.site_id, OLD.kind, OLD.operator_id, OLD.idempotency_key, OLD.request_hash, OLD.memo, OLD.created_at)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'ledger_transactions is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_delete
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_delete
  BEFORE DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_result_once
  BEFORE UPDATE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_transactions_result_once();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate
  BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
