-- Decision 476: a creation record never holds a service token. Records written before decision 470
-- could; remove any that is left.
UPDATE "idempotency_records" SET "response" = "response" - 'token' WHERE "response" ? 'token';
