-- Issue 31: an operation-log row about a record that is not an account (goods, a category, a
-- module, a role, a content item, a hand-made order, a provider) names that record here (kind, id,
-- its name per locale when written; packages/shared/src/logs.ts logTargetSchema) and has no
-- target_id, which references accounts. Rows written before keep their target account (the
-- operator, for such rows): the log is append-only and is not rewritten.
ALTER TABLE "operation_logs" ADD COLUMN "target_record" jsonb;
