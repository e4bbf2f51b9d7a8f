-- Written by hand (`npm run migration` crashes in the wasm schema engine on this machine). The Prisma schema
-- cannot say INCLUDE, expression indexes or triggers: schema.prisma names what is here (issue 35).
-- The pg adapter of Prisma runs a migration split at every semicolon, each part on its own (no transaction):
-- function bodies spell their semicolons as the escape \073, and comments have none.

-- My Orders and the recent customers of the dashboard: the orders of a customer newest first from the index
-- alone (the ids of a page, status and totals), not a heap page per order and a sort of them all.
CREATE INDEX "orders_user_id_created_at_seq_idx" ON "orders"("user_id", "created_at", "seq")
  INCLUDE ("id", "status", "total_paise");
DROP INDEX "orders_user_id_created_at_idx";

-- The "total contains" filter of All Orders (the rupee amount without trailing zeros, as the repository filter
-- spells it): a rare amount is found by trigrams instead of computing the text of every order.
CREATE INDEX "orders_total_text_trgm_idx" ON "orders"
  USING GIN ((trim_scale("total_paise" / 100.0)::text) gin_trgm_ops);

-- The dashboard statistics read the totals of each day per status instead of summing every order of 60 days.
-- Kept by triggers in the transaction of each order write, so it is always exact. `shard` (seq % 4) spreads
-- the placements of a busy day over four rows, so concurrent placements do not queue on one row lock.
CREATE TABLE "order_daily_totals" (
  "day" DATE NOT NULL,
  "status" "OrderStatus" NOT NULL,
  "shard" SMALLINT NOT NULL,
  "orders" INTEGER NOT NULL,
  "revenue_paise" BIGINT NOT NULL,
  CONSTRAINT "order_daily_totals_pkey" PRIMARY KEY ("day", "status", "shard")
);

-- The Indian calendar day (UTC+05:30) an order belongs to, as the dashboard windows count days.
CREATE FUNCTION order_daily_totals_add(at TIMESTAMPTZ, st "OrderStatus", seq INTEGER, n INTEGER, paise BIGINT)
RETURNS void LANGUAGE sql AS '
  INSERT INTO order_daily_totals AS t (day, status, shard, orders, revenue_paise)
  VALUES ((at AT TIME ZONE ''Asia/Kolkata'')::date, st, seq % 4, n, paise)
  ON CONFLICT (day, status, shard) DO UPDATE
    SET orders = t.orders + EXCLUDED.orders, revenue_paise = t.revenue_paise + EXCLUDED.revenue_paise';

CREATE FUNCTION order_daily_totals_track() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    PERFORM order_daily_totals_add(OLD.created_at, OLD.status, OLD.seq, -1, -OLD.total_paise::bigint)\073
  END IF\073
  IF TG_OP IN (''INSERT'', ''UPDATE'') THEN
    PERFORM order_daily_totals_add(NEW.created_at, NEW.status, NEW.seq, 1, NEW.total_paise::bigint)\073
  END IF\073
  RETURN NULL\073
END';

CREATE TRIGGER "orders_daily_totals_insert_delete" AFTER INSERT OR DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_daily_totals_track();
CREATE TRIGGER "orders_daily_totals_update" AFTER UPDATE OF "status", "total_paise", "created_at", "seq" ON "orders"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.total_paise IS DISTINCT FROM NEW.total_paise
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.seq IS DISTINCT FROM NEW.seq)
  EXECUTE FUNCTION order_daily_totals_track();

-- The totals from the orders themselves: the backfill here, once the triggers run, and after a bulk load
-- with the triggers off. Order writes wait for it (a second or two at 1,000,000 orders), so no write in
-- flight is counted twice or lost between the triggers and the sums.
CREATE FUNCTION order_daily_totals_rebuild() RETURNS void LANGUAGE sql AS E'
  LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE\073
  DELETE FROM order_daily_totals\073
  INSERT INTO order_daily_totals (day, status, shard, orders, revenue_paise)
  SELECT (created_at AT TIME ZONE ''Asia/Kolkata'')::date, status, seq % 4, count(*), sum(total_paise)
  FROM orders GROUP BY 1, 2, 3';
SELECT order_daily_totals_rebuild();
