-- Search (issue 13): titled posts, microposts and comments by the words of their title and text.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18) with no extension: diacritics are folded by
-- gwar_fold (translate() of the letters Polish text meets), so no unaccent, and words are matched
-- with the built-in 'simple' configuration (no Polish dictionary ships with either). Inflected
-- forms are found by prefix queries (`zolw:*` finds żółwie, żółwia) that the client builds from
-- lightly stemmed words (shared-api/src/search.ts). pg_trgm was not used: it needs an extension
-- (the PGlite hang of toolchain.md) and a trigram index over a million bodies is several times
-- the size of this one.

-- Lower-cases and strips diacritics. lower() leaves non-ASCII letters alone under the C locale,
-- so the upper-case accented letters are folded here too.
CREATE FUNCTION gwar_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower(input),
    'ąćęłńóśźżĄĆĘŁŃÓŚŹŻàáâãäåçèéêëìíîïñòôõöùúûüýÿčďěňřšťůžÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÔÕÖÙÚÛÜÝČĎĚŇŘŠŤŮŽ',
    'acelnoszzACELNOSZZaaaaaaceeeeiiiinoooouuuuyycdenrstuzAAAAAACEEEEIIIINOOOOUUUUYCDENRSTUZ')
$$;

-- Names are schema-qualified: PostgreSQL 17+ (PGlite) builds indexes with a search_path of
-- pg_catalog only.
-- The searchable document of a post: its title and text as the author wrote them (the source,
-- not the rendered HTML, so tag names and attributes of links are not words).
CREATE FUNCTION post_search(title text, source text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple'::regconfig, public.gwar_fold(coalesce(title, '') || ' ' || coalesce(source, '')))
$$;

-- serves: GET /api/posts?search=fts.{query} (the search page; only public posts are ever found)
CREATE INDEX posts_search_idx ON posts USING gin (post_search(title, source)) WHERE mode = 'public';
