-- Written by hand. Every order changes a product's stock: with full pages (fillfactor 100, as a COPY or a
-- long life of inserts leaves them) PostgreSQL writes the new row version to another page and adds it to
-- each of the product's seven indexes, the trigram index of the name among them. With room kept on each
-- page the change stays on the page and no index is touched (a heap-only tuple update, as stock and
-- updated_at are in no index). At 1,000,000 products 296 of 300 stock updates touched the indexes before
-- and none after (bench/PROFILE.md). Pages written from now on keep the room, and a store that wants its
-- old pages repacked at once runs VACUUM FULL product in a quiet hour.
ALTER TABLE "product" SET (fillfactor = 85);
