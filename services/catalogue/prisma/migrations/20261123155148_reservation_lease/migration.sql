-- AlterTable
ALTER TABLE "reservation" ADD COLUMN     "confirmed_at" TIMESTAMPTZ(3),
ADD COLUMN     "expired_at" TIMESTAMPTZ(3),
ADD COLUMN     "held_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "shortfall" JSONB;

-- CreateIndex
CREATE INDEX "reservation_status_held_at_idx" ON "reservation"("status", "held_at");

-- Reservations made before leases existed belong to orders whose order.created the catalogue never
-- consumed: count them as confirmed, so the sweeper never gives back stock that a real order holds.
UPDATE "reservation" SET "confirmed_at" = "created_at" WHERE "status" = 'reserved';
