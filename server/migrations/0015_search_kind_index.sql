-- serves: GET /api/posts?search=fts.{common words}&kind=eq.{kind}&order=post.desc (the search
-- page's kind filter). A search for common words walks the newest posts by id until a page is
-- full (read/posts.ts, searchPlan); restricted to one kind it walked every newer post of the
-- other kinds: 157 ms for microposts at a million posts, 8.8 ms reading this index
-- (bench/search.mjs).
CREATE INDEX posts_public_kind_idx ON posts (kind, id) WHERE mode = 'public';
