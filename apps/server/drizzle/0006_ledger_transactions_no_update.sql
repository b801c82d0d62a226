-- Postings now write the stored result with the transaction row (one statement), so a ledger
-- transaction row is never updated at all: the "fill result once" exception of 0004 goes.
DROP TRIGGER IF EXISTS ledger_transactions_result_once ON ledger_transactions;
--> statement-breakpoint
DROP FUNCTION IF EXISTS ledger_transactions_result_once();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update
  BEFORE UPDATE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
