ALTER TABLE "teachers" ADD COLUMN "other_university" varchar(255);--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "other_campus" varchar(255);