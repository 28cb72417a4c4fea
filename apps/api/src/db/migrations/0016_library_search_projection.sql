-- The library searches a narrow projection of the works instead of their whole rows (ADR 0043):
-- a common word matches thousands of works, and reading each one's row (title, summary, the
-- PDF's text pointers, counters) cost most of a search. `tfx_search` holds one row per work with
-- its facet values and its title's vector in the row; the vectors of the summary and of the
-- PDF's text are stored out of line and read through their GIN indexes, or for a page's snippets.
-- A trigger keeps it in the same transaction as every write of a work, whatever writes it.
CREATE TABLE "tfx_search" (
	"id" integer PRIMARY KEY NOT NULL,
	"live" boolean NOT NULL,
	"external" boolean NOT NULL,
	"tfx_date" date,
	"year" integer,
	"degree_name" varchar(255),
	"study_area" varchar(100),
	"sector" varchar(255),
	"language" varchar(50),
	"awarded" boolean NOT NULL,
	"ods_mask" integer NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"head_vector" "tsvector" NOT NULL,
	"vector" "tsvector" NOT NULL,
	"document_text" text
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
-- PostgreSQL moves values out of a row only when the row passes about 2 kB, then until it is
-- under toast_tuple_target: the PDF's text (which the snippets read) makes a work's row pass it,
-- and the text and the big vectors then leave the row; the facet values and the title's vector
-- always stay (PLAIN), where every match is read.
ALTER TABLE "tfx_search" ALTER COLUMN "vector" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "head_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "title_vector" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "degree_name" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "study_area" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "sector" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "tfx_search" ALTER COLUMN "language" SET STORAGE PLAIN;--> statement-breakpoint
ALTER TABLE "tfx_search" ADD CONSTRAINT "tfx_search_id_tfxes_id_fk" FOREIGN KEY ("id") REFERENCES "public"."tfxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A work's projection row: title (A) > summary and tags (B) > the PDF's text (C), in the `es`
-- configuration (migration 0013); ODS k as bit k.
CREATE FUNCTION public.tfx_search_of(w "tfxes") RETURNS "tfx_search" LANGUAGE sql STABLE AS $$
  SELECT w.id,
    w.published_at IS NOT NULL AND w.review_status = 'published',
    w.external, w.tfx_date, extract(year from w.tfx_date)::int,
    w.degree_name, w.study_area, w.sector, w.language, w.awarded,
    coalesce((SELECT bit_or(1 << o) FROM unnest(w.ods) AS o), 0),
    v.title, v.head,
    v.head || setweight(to_tsvector('public.es', coalesce(w.document_text, '')), 'C'),
    w.document_text
  FROM (SELECT t.title, t.title || setweight(to_tsvector('public.es',
          coalesce(w.summary, '') || ' ' || coalesce(public.text_array_to_string(w.tags), '')), 'B') AS head
        FROM (SELECT setweight(to_tsvector('public.es', coalesce(w.title, '')), 'A') AS title) t) v
$$;--> statement-breakpoint
CREATE FUNCTION public.tfx_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In FROM, the function runs once (a `(f(NEW)).*` in the select list would run it per column).
  INSERT INTO "tfx_search" SELECT * FROM public.tfx_search_of(NEW)
  ON CONFLICT ("id") DO UPDATE SET
    "live" = EXCLUDED."live", "external" = EXCLUDED."external", "tfx_date" = EXCLUDED."tfx_date",
    "year" = EXCLUDED."year", "degree_name" = EXCLUDED."degree_name",
    "study_area" = EXCLUDED."study_area", "sector" = EXCLUDED."sector",
    "language" = EXCLUDED."language", "awarded" = EXCLUDED."awarded",
    "ods_mask" = EXCLUDED."ods_mask", "title_vector" = EXCLUDED."title_vector",
    "head_vector" = EXCLUDED."head_vector", "vector" = EXCLUDED."vector",
    "document_text" = EXCLUDED."document_text";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the columns the projection reads: counting a view or a download never recomputes it.
CREATE TRIGGER "tfx_search_sync" AFTER INSERT OR UPDATE OF
  "id", "title", "summary", "tags", "document_text", "published_at", "review_status", "external",
  "tfx_date", "degree_name", "study_area", "sector", "language", "awarded", "ods"
  ON "tfxes" FOR EACH ROW EXECUTE FUNCTION public.tfx_search_sync();--> statement-breakpoint
INSERT INTO "tfx_search" SELECT s.* FROM "tfxes" w, LATERAL public.tfx_search_of(w) s;--> statement-breakpoint
CREATE INDEX "tfx_search_vector_idx" ON "tfx_search" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "tfx_search_head_idx" ON "tfx_search" USING gin ("head_vector");--> statement-breakpoint
ALTER TABLE "tfxes" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "tfxes" DROP COLUMN "head_vector";
