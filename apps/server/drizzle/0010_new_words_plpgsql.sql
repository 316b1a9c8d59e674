-- sapa_new_words (0008) as PL/pgSQL, same result. As a SQL function called from the messages
-- trigger it was parsed and planned again for every message stored (a SQL function's plan lasts one
-- call of its caller's expression), a sixth of PostgreSQL's work per inbound message; PL/pgSQL keeps
-- its statement's plan for the session.
CREATE OR REPLACE FUNCTION sapa_new_words(body text, known text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN (
    SELECT coalesce(string_agg(w, ' ') || ' ', '')
    FROM (SELECT DISTINCT w FROM unnest(string_to_array(regexp_replace(lower(body), '\s+', ' ', 'g'), ' ')) AS w
          WHERE w <> '' AND position(' ' || w || ' ' IN known) = 0) AS fresh);
END
$$;
