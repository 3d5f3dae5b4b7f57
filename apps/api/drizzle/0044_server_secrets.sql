-- docs/decisions/017-read-replicas.md (note of 2026-11-29): secrets every instance must share,
-- made once by the first instance that needs one (a random value, never in a setting or a log).
-- The first: the key that signs the read-your-writes cookie (tl_read_primary), so a client
-- cannot forge one to read past the read cache and load the primary.
CREATE TABLE "server_secrets" (
  "name" text PRIMARY KEY NOT NULL,
  "secret" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
