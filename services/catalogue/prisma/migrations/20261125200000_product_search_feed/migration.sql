-- The catalogue's in-process search index follows the product table through NOTIFY: the id of every
-- product inserted, deleted, or updated in a column the search matches, filters or sorts on. Stock is
-- not one of them, so a reservation's UPDATE (SET stock, updated_at) fires nothing: the index never
-- holds stock, a page's rows are read from the table.
-- Prisma's pg adapter runs a migration split at every semicolon, so the function body spells its
-- semicolons as the escape \073.
CREATE FUNCTION product_search_notify() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_notify(''product_search'', (CASE WHEN TG_OP = ''DELETE'' THEN OLD.id ELSE NEW.id END)::text)\073
  RETURN NULL\073
END';

CREATE TRIGGER product_search_insert_delete AFTER INSERT OR DELETE ON product
  FOR EACH ROW EXECUTE FUNCTION product_search_notify();

CREATE TRIGGER product_search_update AFTER UPDATE OF name, category_id, price_paise, created_at ON product
  FOR EACH ROW EXECUTE FUNCTION product_search_notify();
