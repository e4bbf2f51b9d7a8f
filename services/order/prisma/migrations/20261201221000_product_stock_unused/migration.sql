-- AlterTable
ALTER TABLE "product" ALTER COLUMN "stock" SET DEFAULT 0;
