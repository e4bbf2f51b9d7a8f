-- The language a customer reads the shop and its e-mails in (null until they pick one)
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
ALTER TABLE "User" ADD CONSTRAINT "User_locale_check" CHECK ("locale" IN ('en', 'hi'));
