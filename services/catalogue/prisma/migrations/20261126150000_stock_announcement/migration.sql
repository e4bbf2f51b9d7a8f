-- Products whose stock changed since the replicas last heard of it (see the schema's StockAnnouncement).
CREATE TABLE "stock_announcement" (
    "product_id" UUID NOT NULL,

    CONSTRAINT "stock_announcement_pkey" PRIMARY KEY ("product_id")
);
