-- num / den × 10^scale rounded half up to a whole number, exactly (src/shared/odds.ts
-- roundHalfAwayFromZero for positive values), then scaled back.
CREATE OR REPLACE FUNCTION rational_round(num numeric, den numeric, scale int) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$ SELECT div(2 * num * power(10::numeric, scale) + den, 2 * den) / power(10::numeric, scale) $$;
