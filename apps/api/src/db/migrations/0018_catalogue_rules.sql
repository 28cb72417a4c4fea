-- ADR 0047: a call's period ends after it starts, a degree lasts one to six years. NOT VALID:
-- checked for every row written from now on; rows of an older catalogue are left as they are
-- (the admins' screen shows them and the lifecycle asks for a valid value when one is edited).
ALTER TABLE "calls" ADD CONSTRAINT "calls_period_check" CHECK ("calls"."academic_period_end" > "calls"."academic_period_start") NOT VALID;--> statement-breakpoint
ALTER TABLE "degrees" ADD CONSTRAINT "degrees_duration_check" CHECK ("degrees"."duration" BETWEEN 1 AND 6) NOT VALID;
