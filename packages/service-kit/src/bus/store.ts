import type pg from 'pg'

/**
 * The outbox and inbox live in their own PostgreSQL schema, created here rather than in each service's
 * Prisma schema: every service needs the same two tables, and Prisma migrate ignores schemas it does not
 * manage, so the bus stays in one place instead of six copied models.
 */
const DDL = `
CREATE SCHEMA IF NOT EXISTS eventbus;
CREATE TABLE IF NOT EXISTS eventbus.outbox (
  seq        bigserial PRIMARY KEY,
  id         text NOT NULL UNIQUE,
  type       text NOT NULL,
  envelope   jsonb NOT NULL,
  headers    jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS eventbus.inbox (
  consumer     text NOT NULL,
  event_id     text NOT NULL,
  type         text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
-- Inserts used to NOTIFY the relay: a NOTIFY serialises commits across the cluster (./outbox-wake).
DROP TRIGGER IF EXISTS outbox_notify ON eventbus.outbox;
DROP FUNCTION IF EXISTS eventbus.notify_outbox();
`

// Any number, the same in every process: serialises concurrent start-ups of replicas of one service.
const DDL_LOCK = 7_314_001

export async function ensureEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [DDL_LOCK])
    await client.query(DDL)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [DDL_LOCK]).catch(() => undefined)
    client.release()
  }
}
