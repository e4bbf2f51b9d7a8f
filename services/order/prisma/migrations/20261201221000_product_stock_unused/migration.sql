-- Expand/contract, release 1 of 2: the replica no longer writes stock (only the cart reads it), so the
-- column takes a default for the rows written from now on; a later release drops it.
-- AlterTable
ALTER TABLE "product" ALTER COLUMN "stock" SET DEFAULT 0;
