-- The balance update of a ledger posting (src/modules/ledger/service.ts), run by the posting
-- statement after its legs are locked. A VOLATILE PL/pgSQL function takes a new snapshot for
-- its UPDATE, so the UPDATE finds the newest version of each row — the version the statement
-- just locked. Written inline in the statement, the UPDATE worked on the version the statement's
-- own (earlier) snapshot saw; when a concurrent posting had changed the row meanwhile and
-- foreign-key checks still held KEY SHARE locks on that old version, the UPDATE queued for the
-- old version's tuple lock behind requests that were waiting for this very transaction, and
-- PostgreSQL reported a deadlock. `p_after_locks` only orders the call: the statement passes a
-- value computed from its locked rows, so the function cannot run before the locks are held.
CREATE OR REPLACE FUNCTION ledger_apply(p_ids integer[], p_deltas bigint[], p_after_locks bigint)
RETURNS TABLE (id integer, account_no text, balance bigint, delta bigint) AS $$
BEGIN
  RETURN QUERY
  UPDATE accounts a
     SET balance = CASE WHEN a.balance + l.delta < 0 AND a.parent_id IS NOT NULL
                        THEN ledger_refuse('INSUFFICIENT_BALANCE', a.id)
                        ELSE a.balance + l.delta END
    FROM unnest(p_ids, p_deltas) AS l(id, delta)
   WHERE a.id = l.id
  RETURNING a.id, a.account_no, a.balance, l.delta;
END;
$$ LANGUAGE plpgsql VOLATILE;
