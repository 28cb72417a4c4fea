-- Phones are stored in international form, E.164 (ADR 0034). The API now normalises every phone
-- it writes; this brings the ones already stored along, where the number is certain from the text
-- alone: separators go, "00" becomes "+", and a Spanish 9-digit number without prefix (spec §9
-- default country ES) gets +34. Anything else (text, other lengths, a "(0)" trunk prefix) is left
-- as it is: the API refuses it on the next write, and the phone fields ask for a valid number.
CREATE FUNCTION migration_phone_in_e164(phone text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN phone IS NULL OR phone !~ '^[+]?[0-9 .()-]+$' OR phone ~ '[(]0[)]' THEN phone
    ELSE (
      SELECT CASE
        WHEN digits ~ '^[+][1-9][0-9]{6,14}$' THEN digits
        WHEN digits ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(digits, 3)
        WHEN digits ~ '^[6-9][0-9]{8}$' THEN '+34' || digits
        ELSE phone
      END
      FROM (SELECT regexp_replace(phone, '[[:space:].()-]', '', 'g') AS digits) AS stripped
    )
  END
$$;
--> statement-breakpoint
UPDATE "up_users" SET "phone" = migration_phone_in_e164("phone")
WHERE "phone" IS DISTINCT FROM migration_phone_in_e164("phone");
--> statement-breakpoint
UPDATE "organizations" SET "contact_phone" = migration_phone_in_e164("contact_phone")
WHERE "contact_phone" IS DISTINCT FROM migration_phone_in_e164("contact_phone");
--> statement-breakpoint
DROP FUNCTION migration_phone_in_e164(text);
