-- What a notification tells, as data, so its text can be written in the customer's language
ALTER TABLE "notifications" ADD COLUMN "params" JSONB;

-- The language a customer's e-mails are written in (null: English)
ALTER TABLE "customers" ADD COLUMN "locale" TEXT;
