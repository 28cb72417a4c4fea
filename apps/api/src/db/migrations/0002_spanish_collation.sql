-- Text is sorted the Spanish way (accents and case do not scatter names: Ávila next to avila,
-- ñ after n). ICU's es-ES tailoring on PostgreSQL; PGlite ships only ICU's root data, where the
-- same statement gives accent-aware order with ñ next to n. Without ICU, fall back to the default
-- collation so the migration never blocks a deployment.
DO $$
BEGIN
  CREATE COLLATION IF NOT EXISTS es_natural (provider = icu, locale = 'es-ES');
EXCEPTION WHEN OTHERS THEN
  CREATE COLLATION IF NOT EXISTS es_natural FROM "C";
END
$$;
