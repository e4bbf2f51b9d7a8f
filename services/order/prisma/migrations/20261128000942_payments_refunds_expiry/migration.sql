-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('pending', 'processed', 'failed');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "PaymentStatus" ADD VALUE 'refund_pending';
ALTER TYPE "PaymentStatus" ADD VALUE 'refunded';
ALTER TYPE "PaymentStatus" ADD VALUE 'refund_failed';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "paid_paise" INTEGER,
ADD COLUMN     "payment_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "payment_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "payment_id" TEXT;

-- CreateTable
CREATE TABLE "refund" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "item_id" TEXT,
    "amount_paise" INTEGER NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'pending',
    "provider_refund_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_review" (
    "id" TEXT NOT NULL,
    "order_id" TEXT,
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "refund_order_id_idx" ON "refund"("order_id");

-- CreateIndex
CREATE INDEX "refund_provider_refund_id_idx" ON "refund"("provider_refund_id");

-- CreateIndex
CREATE INDEX "payment_review_received_at_idx" ON "payment_review"("received_at");

-- CreateIndex
CREATE INDEX "orders_payment_status_created_at_idx" ON "orders"("payment_status", "created_at");

-- AddForeignKey
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
