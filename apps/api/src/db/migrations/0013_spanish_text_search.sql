-- Full-text search in Spanish without accents (ADR 0036): the `es` configuration is PostgreSQL's
-- `spanish` with the unaccent dictionary before the Spanish stemmer, so "evaluacion" finds
-- "evaluación" and "proyectos" finds "proyecto". to_tsvector('public.es', ...) is immutable, so
-- generated tsvector columns and their GIN indexes can use it. PGlite ships both dictionaries.
DO $$
BEGIN
  CREATE TEXT SEARCH CONFIGURATION public.es (COPY = pg_catalog.spanish);
EXCEPTION WHEN unique_violation OR duplicate_object THEN
  NULL;
END
$$;
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.es
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.spanish_stem;
--> statement-breakpoint
-- array_to_string is only STABLE (element output functions may depend on settings); for text[] it
-- is not, and a generated column needs an immutable expression.
CREATE OR REPLACE FUNCTION public.text_array_to_string(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string($1, ' ') $$;
--> statement-breakpoint
-- unaccent() is STABLE because it looks up its dictionary by name; naming it makes it immutable
-- (the usual idiom), for the trigram fallback's expression indexes.
CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
