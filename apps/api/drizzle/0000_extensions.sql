-- Trigram indexes back every substring search (ARCHITECTURE §5).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
