-- AlterTable
ALTER TABLE "product" ADD COLUMN     "schedule" TEXT NOT NULL DEFAULT 'OTC';

-- CreateTable
CREATE TABLE "order_prescription" (
    "order_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "prescription_id" TEXT NOT NULL,
    "reason" TEXT,
    "reattach_by" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_prescription_pkey" PRIMARY KEY ("order_id")
);

-- CreateTable
CREATE TABLE "prescription_replica" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "valid_until" DATE,
    "deleted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "prescription_replica_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "order_prescription_status_reattach_by_idx" ON "order_prescription"("status", "reattach_by");

-- AddForeignKey
ALTER TABLE "order_prescription" ADD CONSTRAINT "order_prescription_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
