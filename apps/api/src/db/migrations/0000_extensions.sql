-- Trigram indexes back the case-insensitive "contains" filters; unaccent backs accent-insensitive
-- catalogue search. Both are trusted extensions (PostgreSQL 13+) and ship with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
