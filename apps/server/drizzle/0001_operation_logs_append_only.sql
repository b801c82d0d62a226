-- Logs are append-only (PRODUCT.md §8): refuse UPDATE, DELETE and TRUNCATE on operation_logs.
CREATE OR REPLACE FUNCTION operation_logs_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'operation_logs is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operation_logs_no_update_delete
  BEFORE UPDATE OR DELETE ON operation_logs
  FOR EACH ROW EXECUTE FUNCTION operation_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER operation_logs_no_truncate
  BEFORE TRUNCATE ON operation_logs
  FOR EACH STATEMENT EXECUTE FUNCTION operation_logs_append_only();
