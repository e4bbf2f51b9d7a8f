-- Written by hand (`npm run migration` crashes in the wasm schema engine on this machine), as Prisma writes
-- it for the schema's @@index([createdAt, seq, status, totalPaise]).
-- DropIndex
DROP INDEX "orders_created_at_seq_idx";

-- CreateIndex
CREATE INDEX "orders_created_at_seq_status_total_paise_idx" ON "orders"("created_at", "seq", "status", "total_paise");
