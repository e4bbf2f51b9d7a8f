-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "promised_delivery_date" DATE;

-- CreateTable
CREATE TABLE "delivery_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "unserved_prefixes" TEXT[],
    "express_prefixes" TEXT[],
    "cutoff_time" TEXT NOT NULL,
    "holidays" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "delivery_settings_pkey" PRIMARY KEY ("id"),
    -- One row: the shop has one set of delivery settings.
    CONSTRAINT "delivery_settings_single_row" CHECK ("id" = 1)
);
