-- AlterTable
ALTER TABLE "product" ADD COLUMN     "schedule" TEXT NOT NULL DEFAULT 'OTC';
