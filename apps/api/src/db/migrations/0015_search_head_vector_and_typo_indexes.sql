-- The library search ranks title, summary and tags without reading the PDF's text (head_vector), and
-- the typo fallbacks of the library and the catalogue find similar words of the title and tags
-- through trigram indexes (ADR 0038).
ALTER TABLE "tfxes" ADD COLUMN "head_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.es', coalesce(title, '')), 'A') || setweight(to_tsvector('public.es', coalesce(summary, '') || ' ' || coalesce(public.text_array_to_string(tags), '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "projects_text_trgm_idx" ON "projects" USING gin (lower(public.immutable_unaccent("title" || ' ' || coalesce(public.text_array_to_string("tags"), ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tfxes_text_trgm_idx" ON "tfxes" USING gin (lower(public.immutable_unaccent("title" || ' ' || coalesce(public.text_array_to_string("tags"), ''))) gin_trgm_ops);