-- Searches match a product's salts and key ingredients after its name, so the search index must hear of
-- a change to them as it hears of a rename.
DROP TRIGGER "product_search_update" ON "product";

CREATE TRIGGER "product_search_update" AFTER UPDATE OF name, category_id, price_paise, created_at, composition, key_ingredients ON product
  FOR EACH ROW EXECUTE FUNCTION product_search_notify();
