-- Credit moves posted in batches (src/modules/ledger/credit-batch.ts): the recharges and
-- withdrawals that reach one server process while its previous batch is on its way are posted by
-- ONE call of ledger_credit_batch, in one transaction with one commit, instead of one each.
--
-- Each item keeps its own answer, its own idempotency key and its own rows, decided in the
-- order given, exactly as if the items had come one after the other:
--   'stored'   the key already has an outcome (committed earlier, or decided earlier in this
--              batch): its request hash, result and refusal come back for the caller to replay
--   'refused'  a rule refused it; the refusal is stored on the key (a row without entries)
--   'ok'       posted: the transaction row with its result, two entries, both balances, the
--              operation log row
--
-- How: every account the batch may touch (each item's caller and target, on the item's site) is
-- locked first, in ascending id order, by one statement — the global lock order (src/core/locks.ts),
-- so a batch never deadlocks with another batch or a single posting. One query then reads every
-- item with its target, its caller and its key's earlier outcome. The items are decided in order
-- against the balances as the batch has moved them so far (kept in an array: no row is written
-- twice), and what they decided is written at the end with one statement per table. A refused
-- item writes only its refusal and never raises, so it needs no subtransaction and leaves the
-- other items standing.
-- A decimal string ("-12.50") of minor units. Not STRICT, so the planner inlines it into the
-- expressions that call it instead of running a function call each time (null still gives null).
CREATE OR REPLACE FUNCTION ledger_money(p_minor bigint) RETURNS text AS $$
  SELECT CASE WHEN p_minor < 0 THEN '-' ELSE '' END || (abs(p_minor) / 100)::text || '.' || lpad((abs(p_minor) % 100)::text, 2, '0');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_credit_batch(p_items jsonb)
RETURNS TABLE (o_n integer, o_outcome text, o_code text, o_result jsonb, o_hash text) AS $$
DECLARE
  it record;
  -- the locked accounts and their balances as the batch moves them
  acc integer[];
  sites text[];
  bal bigint[];
  moved boolean[];
  ci integer;
  ti integer;
  payer_i integer;
  payee_i integer;
  -- keys decided earlier in this batch ('site/caller/key'), with their outcomes
  seen text[] := '{}';
  seen_hash text[] := '{}';
  seen_result jsonb[] := '{}';
  seen_refusal text[] := '{}';
  k integer;
  -- the rows to write, one array per column
  t_id bigint[] := '{}';  t_site text[] := '{}';  t_kind text[] := '{}';  t_op integer[] := '{}';
  t_key text[] := '{}';   t_hash text[] := '{}';  t_memo text[] := '{}';  t_at timestamptz[] := '{}';
  t_result jsonb[] := '{}'; t_refusal text[] := '{}';
  e_tx bigint[] := '{}';  e_site text[] := '{}';  e_acc integer[] := '{}'; e_cp integer[] := '{}';
  e_kind text[] := '{}';  e_amount bigint[] := '{}'; e_after bigint[] := '{}'; e_op integer[] := '{}';
  e_memo text[] := '{}';  e_at timestamptz[] := '{}';
  l_site text[] := '{}';  l_op integer[] := '{}'; l_target integer[] := '{}'; l_action text[] := '{}';
  l_before jsonb[] := '{}'; l_after jsonb[] := '{}'; l_ip text[] := '{}'; l_at timestamptz[] := '{}';
  nid bigint;
  refused text;
  posted jsonb;
  c_before bigint;
  t_before bigint;
  payer_id integer;
  payee_id integer;
BEGIN
  -- (arrays, not a join with the items: a join would be planned for ~100 items and read every
  -- account; `= ANY` of an array is an index scan)
  SELECT array_agg(DISTINCT v.id), array_agg(DISTINCT v.site) INTO acc, sites
    FROM jsonb_array_elements(p_items) e,
         LATERAL (VALUES ((e.value->>'caller')::int, e.value->>'site'), ((e.value->>'target')::int, e.value->>'site')) AS v(id, site);
  SELECT array_agg(l.id ORDER BY l.id), array_agg(l.balance ORDER BY l.id) INTO acc, bal
    FROM (SELECT a.id, a.balance FROM accounts a
           WHERE a.id = ANY(acc) AND a.site_id = ANY(sites)
           ORDER BY a.id
             FOR NO KEY UPDATE) l;
  acc := coalesce(acc, '{}');
  bal := coalesce(bal, '{}');
  moved := array_fill(false, ARRAY[cardinality(acc)]);

  -- Read after the locks: every item with its target, its caller and its key's earlier outcome.
  FOR it IN
    SELECT e.ord::int AS n, x.*,
           t.account_no AS t_no, t.kind AS t_kind, t.is_shadow AS t_shadow, t.parent_id AS t_parent,
           (t.is_disabled OR t.is_full_disabled OR t.is_full_readonly) AS t_restricted,
           c.id AS c_id, c.account_no AS c_no, c.parent_id AS c_parent,
           (c.is_disabled OR c.is_full_disabled OR c.is_full_readonly) AS c_restricted,
           lt.id AS s_id, lt.request_hash AS s_hash, lt.result AS s_result, lt.refusal AS s_refusal
      FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, ord)
     CROSS JOIN LATERAL jsonb_to_record(e.value) AS x(site text, kind text, action text, withdraw boolean, target_kind text,
                                          caller integer, target integer, amount bigint, amount_text text, memo text,
                                          key text, hash text, at timestamptz, at_text text, ip text)
      -- LATERAL: one index probe per item (a plain join would be planned for ~100 items and
      -- could read the whole table)
      LEFT JOIN LATERAL (SELECT * FROM accounts t WHERE t.id = x.target AND t.site_id = x.site AND t.path @> ARRAY[x.caller] LIMIT 1) t ON true
      LEFT JOIN LATERAL (SELECT * FROM accounts c WHERE c.id = x.caller AND c.site_id = x.site LIMIT 1) c ON true
      LEFT JOIN LATERAL (SELECT * FROM ledger_transactions lt
                          WHERE lt.site_id = x.site AND lt.operator_id = x.caller AND lt.idempotency_key = x.key LIMIT 1) lt ON true
     ORDER BY e.ord
  LOOP
    -- an earlier outcome of the key answers again: committed before, or decided earlier in this batch
    IF it.s_id IS NOT NULL THEN
      RETURN QUERY SELECT it.n, 'stored'::text, it.s_refusal, it.s_result, it.s_hash;
      CONTINUE;
    END IF;
    k := array_position(seen, it.site || '/' || it.caller || '/' || it.key);
    IF k IS NOT NULL THEN
      RETURN QUERY SELECT it.n, 'stored'::text, seen_refusal[k], seen_result[k], seen_hash[k];
      CONTINUE;
    END IF;

    ci := array_position(acc, it.caller);
    ti := CASE WHEN it.t_kind IS NULL THEN NULL ELSE array_position(acc, it.target) END;
    -- the rules, in the order a single request meets them
    refused := CASE
      WHEN ti IS NULL OR it.t_shadow OR it.t_kind <> it.target_kind THEN 'ACCOUNT_NOT_FOUND'
      WHEN it.t_parent IS DISTINCT FROM it.caller THEN 'NOT_DIRECT_CHILD'
      WHEN it.t_restricted THEN 'TARGET_RESTRICTED'
      WHEN ci IS NULL OR it.c_restricted THEN 'CALLER_READ_ONLY'
      -- the payer: the child for a withdrawal; the caller for a recharge, unless the caller is
      -- the house (the site's admin, no parent), whose balance may go below zero
      WHEN it.withdraw AND bal[ti] < it.amount THEN 'INSUFFICIENT_BALANCE'
      WHEN NOT it.withdraw AND it.c_parent IS NOT NULL AND bal[ci] < it.amount THEN 'INSUFFICIENT_BALANCE'
    END;

    nid := nextval('ledger_transactions_id_seq');
    t_id := t_id || nid;  t_site := t_site || it.site;  t_kind := t_kind || it.kind;  t_op := t_op || it.caller;
    t_key := t_key || it.key;  t_hash := t_hash || it.hash;  t_memo := t_memo || it.memo;  t_at := t_at || it.at;
    seen := seen || (it.site || '/' || it.caller || '/' || it.key);
    seen_hash := seen_hash || it.hash;

    IF refused IS NOT NULL THEN
      -- the refusal binds the key: a row without entries
      t_result := t_result || NULL::jsonb;  t_refusal := t_refusal || refused;
      seen_result := seen_result || NULL::jsonb;  seen_refusal := seen_refusal || refused;
      RETURN QUERY SELECT it.n, 'refused'::text, refused, NULL::jsonb, it.hash;
      CONTINUE;
    END IF;

    c_before := bal[ci];
    t_before := bal[ti];
    IF it.withdraw THEN
      payer_i := ti; payee_i := ci; payer_id := it.target; payee_id := it.caller;
    ELSE
      payer_i := ci; payee_i := ti; payer_id := it.caller; payee_id := it.target;
    END IF;
    posted := jsonb_build_object('transactionId', nid::text, 'kind', it.kind, 'amount', it.amount_text,
      'from', jsonb_build_object('id', payer_id, 'accountNo', CASE WHEN it.withdraw THEN it.t_no ELSE it.c_no END,
                                 'balanceBefore', ledger_money(bal[payer_i]), 'balanceAfter', ledger_money(bal[payer_i] - it.amount)),
      'to', jsonb_build_object('id', payee_id, 'accountNo', CASE WHEN it.withdraw THEN it.c_no ELSE it.t_no END,
                               'balanceBefore', ledger_money(bal[payee_i]), 'balanceAfter', ledger_money(bal[payee_i] + it.amount)),
      'createdAt', it.at_text, 'replayed', false);
    bal[payer_i] := bal[payer_i] - it.amount;
    bal[payee_i] := bal[payee_i] + it.amount;
    moved[payer_i] := true;
    moved[payee_i] := true;

    t_result := t_result || posted;  t_refusal := t_refusal || NULL::text;
    seen_result := seen_result || posted;  seen_refusal := seen_refusal || NULL::text;
    e_tx := e_tx || nid || nid;  e_site := e_site || it.site || it.site;
    e_acc := e_acc || payer_id || payee_id;  e_cp := e_cp || payee_id || payer_id;
    e_kind := e_kind || it.kind || it.kind;  e_amount := e_amount || (-it.amount) || it.amount;
    e_after := e_after || bal[payer_i] || bal[payee_i];  e_op := e_op || it.caller || it.caller;
    e_memo := e_memo || it.memo || it.memo;  e_at := e_at || it.at || it.at;
    l_site := l_site || it.site;  l_op := l_op || it.caller;  l_target := l_target || it.target;  l_action := l_action || it.action;
    l_before := l_before || jsonb_build_object('balance', ledger_money(t_before), 'operatorBalance', ledger_money(c_before));
    l_after := l_after || jsonb_build_object('balance', ledger_money(bal[ti]), 'operatorBalance', ledger_money(bal[ci]),
                                             'amount', it.amount_text, 'transactionId', nid::text, 'accountNo', it.t_no);
    l_ip := l_ip || it.ip;  l_at := l_at || it.at;
    RETURN QUERY SELECT it.n, 'ok'::text, NULL::text, posted, it.hash;
  END LOOP;

  -- Everything the batch decided, one statement per table. A key another transaction committed
  -- after the read above (only a relief's stored refusal can: it takes no account lock) fails the
  -- unique index and undoes the whole batch; the caller runs it again and finds the key.
  INSERT INTO ledger_transactions (id, site_id, kind, operator_id, idempotency_key, request_hash, memo, created_at, result, refusal)
  SELECT * FROM unnest(t_id, t_site, t_kind, t_op, t_key, t_hash, t_memo, t_at, t_result, t_refusal);
  UPDATE accounts a SET balance = u.balance
    FROM unnest(acc, bal, moved) AS u(id, balance, moved)
   WHERE a.id = u.id AND u.moved;
  INSERT INTO ledger_entries (transaction_id, site_id, account_id, counterparty_id, kind, amount, balance_after, operator_id, memo, created_at)
  SELECT * FROM unnest(e_tx, e_site, e_acc, e_cp, e_kind, e_amount, e_after, e_op, e_memo, e_at);
  INSERT INTO operation_logs (site_id, operator_id, target_id, action, before, after, ip, created_at)
  SELECT * FROM unnest(l_site, l_op, l_target, l_action, l_before, l_after, l_ip, l_at);
END;
$$ LANGUAGE plpgsql VOLATILE;
