-- Trigram indexes back every substring search (docs/architecture.md#cross-cutting-rules).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
