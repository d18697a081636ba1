-- Feed indexes (performance): side tables that list public top-level posts by tag and by
-- domain, so the tag feed and /lurking read the posts they need by key instead of walking the
-- newest posts and testing each one's arrays. Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
--   post_tags    (tag, post_id)     one row per tag of each public top-level post
--   post_domains (domain, post_id)  one row per domain of each public top-level post
--
-- Kept by a trigger on posts, in the same transaction as the change (insert, publish, edit of
-- tags/domains, moderation, delete). Only this trigger writes them, so they take no part in the
-- lock order of 0003 (perks -> post_actions -> posts -> users -> tags).

-- serves: the tag feed GET /api/feed?tags=cs.{tag}&order=post.desc (walks (tag, post_id) backwards,
-- keyset on post) and /lurking's followed tags
CREATE TABLE post_tags (
  tag text NOT NULL,
  post_id integer NOT NULL,
  PRIMARY KEY (tag, post_id)
);

-- serves: /lurking's followed domains (GET /api/lurking)
CREATE TABLE post_domains (
  domain text NOT NULL,
  post_id integer NOT NULL,
  PRIMARY KEY (domain, post_id)
);

-- serves: /lurking's followed users (GET /api/lurking): the ids of their public top-level posts,
-- read index-only (posts_user_created_idx of 0001 also holds drafts and removed posts and lacks mode)
CREATE INDEX posts_public_user_idx ON posts (user_id, id) WHERE parent IS NULL AND mode = 'public';

-- The GIN index of 0003 served the tag feed and /lurking's followed tags; both read post_tags now.
-- Left in place, the planner would still pick it for a tag page (it cannot tell that a post's row in
-- post_tags already implies the tag), bitmap-scanning and sorting every post of the tag instead of
-- reading the newest 20 from post_tags; it also cost a GIN update on every post insert.
DROP INDEX posts_public_tags_idx;

CREATE FUNCTION posts_topics_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.parent IS NULL AND OLD.mode = 'public' THEN
    DELETE FROM post_tags WHERE tag = ANY(OLD.tags) AND post_id = OLD.id;
    DELETE FROM post_domains WHERE domain = ANY(OLD.domains) AND post_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.parent IS NULL AND NEW.mode = 'public' THEN
    INSERT INTO post_tags (tag, post_id) SELECT DISTINCT x, NEW.id FROM unnest(NEW.tags) x;
    INSERT INTO post_domains (domain, post_id) SELECT DISTINCT x, NEW.id FROM unnest(NEW.domains) x;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_topics_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.parent IS NULL AND NEW.mode = 'public') EXECUTE FUNCTION posts_topics_sync();
CREATE TRIGGER posts_topics_update AFTER UPDATE OF mode, parent, tags, domains ON posts
  FOR EACH ROW WHEN (OLD.mode IS DISTINCT FROM NEW.mode OR OLD.parent IS DISTINCT FROM NEW.parent
    OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.domains IS DISTINCT FROM NEW.domains)
  EXECUTE FUNCTION posts_topics_sync();
CREATE TRIGGER posts_topics_delete AFTER DELETE ON posts
  FOR EACH ROW WHEN (OLD.parent IS NULL AND OLD.mode = 'public') EXECUTE FUNCTION posts_topics_sync();

-- The posts that exist already.
INSERT INTO post_tags (tag, post_id)
  SELECT DISTINCT x, p.id FROM posts p CROSS JOIN LATERAL unnest(p.tags) x
   WHERE p.parent IS NULL AND p.mode = 'public';
INSERT INTO post_domains (domain, post_id)
  SELECT DISTINCT x, p.id FROM posts p CROSS JOIN LATERAL unnest(p.domains) x
   WHERE p.parent IS NULL AND p.mode = 'public';
