-- AlterTable
ALTER TABLE "order_item" ADD COLUMN     "gst_rate" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "hsn_code" TEXT NOT NULL DEFAULT '3004',
ADD COLUMN     "mrp_paise" INTEGER,
ADD COLUMN     "schedule" TEXT NOT NULL DEFAULT 'OTC';

-- AlterTable
-- (product.schedule comes with 20261128054000_order_prescriptions)
ALTER TABLE "product" ADD COLUMN     "gst_rate" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "hsn_code" TEXT NOT NULL DEFAULT '3004',
ADD COLUMN     "mrp_paise" INTEGER;

-- CreateTable
CREATE TABLE "invoice" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "financial_year" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "number" TEXT NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "snapshot" JSONB NOT NULL,
    "pdf" BYTEA,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counter" (
    "financial_year" TEXT NOT NULL,
    "last_seq" INTEGER NOT NULL,

    CONSTRAINT "invoice_counter_pkey" PRIMARY KEY ("financial_year")
);

-- CreateIndex
CREATE UNIQUE INDEX "invoice_order_id_key" ON "invoice"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_number_key" ON "invoice"("number");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_financial_year_seq_key" ON "invoice"("financial_year", "seq");

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
