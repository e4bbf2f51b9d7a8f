-- Written by hand (`npm run migration` crashes in the wasm schema engine on this machine), and schema.prisma
-- names the index and says why (Prisma cannot say INCLUDE). Comments hold no semicolon: the pg adapter splits there.

-- All Orders filtered by a common name or an amount walks the orders newest first along this index and tests
-- each one: with the id and the customer's name in it, the walk reads the index alone instead of a heap page
-- per order walked (the last page of "sharma" at 1,000,000 orders tests 10,926 orders, bench/PROFILE.md).
-- Same name as before, so the schema's @@index still names it.
CREATE INDEX "orders_created_at_seq_status_total_paise_cover_idx" ON "orders"("created_at", "seq", "status", "total_paise")
  INCLUDE ("id", "customer_name");
DROP INDEX "orders_created_at_seq_status_total_paise_idx";
ALTER INDEX "orders_created_at_seq_status_total_paise_cover_idx" RENAME TO "orders_created_at_seq_status_total_paise_idx";
