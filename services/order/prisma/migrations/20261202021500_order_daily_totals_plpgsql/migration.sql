-- The daily totals' upsert in PL/pgSQL instead of SQL: called once per order written (the triggers of
-- 20261202013000), a LANGUAGE sql function is parsed and planned again on every statement that fires it
-- (0.3 ms of PostgreSQL per order placed), PL/pgSQL keeps the plan for the session (0.06 ms). Same
-- arguments, same upsert (bench/PROFILE.md, order placement at 1,000,000 orders).
CREATE OR REPLACE FUNCTION order_daily_totals_add(at TIMESTAMPTZ, st "OrderStatus", seq INTEGER, n INTEGER, paise BIGINT)
RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO order_daily_totals AS t (day, status, shard, orders, revenue_paise)
  VALUES ((at AT TIME ZONE ''Asia/Kolkata'')::date, st, seq % 4, n, paise)
  ON CONFLICT (day, status, shard) DO UPDATE
    SET orders = t.orders + EXCLUDED.orders, revenue_paise = t.revenue_paise + EXCLUDED.revenue_paise\073
END';
