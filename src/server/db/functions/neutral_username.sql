-- 40 bits from a version-4 UUID (its first 10 hex digits are random, drawn from the system's
-- cryptographic generator), written as 6 base36 digits: 2^40 is 504 times 36^6, so every name is
-- about equally likely.
CREATE OR REPLACE FUNCTION neutral_username() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789abcdefghijklmnopqrstuvwxyz';
  n bigint := ('x' || left(replace(gen_random_uuid()::text, '-', ''), 10))::bit(40)::bigint;
  suffix text := '';
BEGIN
  FOR i IN 1..6 LOOP
    suffix := suffix || substr(alphabet, 1 + (n % 36)::int, 1);
    n := n / 36;
  END LOOP;
  RETURN 'bettor_' || suffix;
END;
$$;
