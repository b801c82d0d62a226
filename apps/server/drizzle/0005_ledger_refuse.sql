-- Refusals raised from inside the single ledger posting statement (src/modules/ledger/service.ts),
-- so the whole statement — balance updates, transaction row, entries, logs — is undone at once.
-- VOLATILE (the default) so the planner never evaluates a call ahead of its CASE branch.
CREATE OR REPLACE FUNCTION ledger_refuse(code text, account_id integer) RETURNS bigint AS $$
BEGIN
  RAISE EXCEPTION '%', code USING ERRCODE = 'LG001', DETAIL = 'account ' || account_id;
END;
$$ LANGUAGE plpgsql VOLATILE;
