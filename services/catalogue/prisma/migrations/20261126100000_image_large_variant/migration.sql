-- The 800 px WebP for the product page. Nullable: images stored before it get theirs on first request.
ALTER TABLE "image" ADD COLUMN "large_data" BYTEA,
ADD COLUMN "large_etag" TEXT;
