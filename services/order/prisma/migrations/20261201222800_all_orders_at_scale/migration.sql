-- Written by hand: `npm run migration` (prisma migrate diff, wasm engine) crashed with "unreachable" on
-- this machine. The statements are those Prisma writes for the schema's new @@index lines.
-- The trigram operator class for "customer name contains".
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- DropIndex
DROP INDEX "orders_created_at_idx";

-- CreateIndex
CREATE INDEX "orders_created_at_seq_idx" ON "orders"("created_at", "seq");

-- CreateIndex
CREATE INDEX "orders_status_created_at_seq_idx" ON "orders"("status", "created_at", "seq");

-- CreateIndex
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING GIN ("customer_name" gin_trgm_ops);
