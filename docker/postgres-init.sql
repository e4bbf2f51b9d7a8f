-- Run once by the postgres image on an empty volume (docker-entrypoint-initdb.d): one database per
-- service. Each service migrates its own schema at start. `npm start` creates the same databases itself.
CREATE DATABASE medstore_identity;
CREATE DATABASE medstore_catalogue;
CREATE DATABASE medstore_cart;
CREATE DATABASE medstore_order;
CREATE DATABASE medstore_review;
CREATE DATABASE medstore_messaging;
