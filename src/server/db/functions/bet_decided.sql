-- Of a won or lost bet, its value; of any other, null.
CREATE OR REPLACE FUNCTION bet_decided(status text, value numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('won', 'lost') THEN value END
$$;
