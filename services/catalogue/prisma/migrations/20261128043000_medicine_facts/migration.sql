-- The medicine facts: schedule (requires_prescription becomes derived from it: H and H1), composition
-- and its matching key, manufacturer, pack, MRP, key ingredients, HSN code and GST rate. Existing
-- products keep their prescription flag as schedule H and their price as MRP.
ALTER TABLE "product"
  ADD COLUMN "schedule" TEXT NOT NULL DEFAULT 'OTC',
  ADD COLUMN "composition" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "composition_key" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "manufacturer" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "pack" TEXT NOT NULL DEFAULT '',
  ADD COLUMN "pack_units" INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN "mrp_paise" INTEGER,
  ADD COLUMN "key_ingredients" JSONB NOT NULL DEFAULT '[]',
  ADD COLUMN "hsn_code" TEXT NOT NULL DEFAULT '3004',
  ADD COLUMN "gst_rate" INTEGER NOT NULL DEFAULT 5;

UPDATE "product" SET "schedule" = CASE WHEN "requires_prescription" THEN 'H' ELSE 'OTC' END, "mrp_paise" = "price_paise";

ALTER TABLE "product"
  ALTER COLUMN "mrp_paise" SET NOT NULL,
  DROP COLUMN "requires_prescription",
  ADD CONSTRAINT "product_schedule_check" CHECK ("schedule" IN ('OTC', 'H', 'H1', 'X')),
  ADD CONSTRAINT "product_pack_units_check" CHECK ("pack_units" >= 1),
  ADD CONSTRAINT "product_mrp_check" CHECK ("mrp_paise" >= "price_paise"),
  ADD CONSTRAINT "product_gst_rate_check" CHECK ("gst_rate" IN (0, 5, 12, 18));

-- Substitutes: one range of this index holds every product of a composition in per-unit price order, so
-- "same composition, cheapest per unit first, first N" is an index scan that stops after N in-stock rows.
CREATE INDEX "product_substitutes_idx" ON "product" ("composition_key", (("price_paise")::float8 / "pack_units"))
  WHERE "composition_key" <> '';
