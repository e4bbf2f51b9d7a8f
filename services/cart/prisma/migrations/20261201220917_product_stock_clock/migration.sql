-- AlterTable
ALTER TABLE "product" ADD COLUMN     "stock_at" TIMESTAMPTZ(3) NOT NULL DEFAULT 'epoch'::timestamptz,
ALTER COLUMN "stock" SET DEFAULT 0;
