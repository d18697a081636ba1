-- Writing posts: reply counters and the 'active' time of threads, drafts, file ownership.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18). Each index names the query it serves.
--
-- posts.replies is the number of public comments anywhere below a post: for a top post that
-- is the whole thread, for a comment its direct replies plus their sub-threads. posts.active
-- is the time of the newest public comment below (or the post's own creation), for the
-- comment sort 'active'. Both are kept here, in the same transaction as the change, for
-- every writer (post_create, post_delete, moderation), by walking up the parent chain.
-- Lock order: the chain is updated in ascending id order (a parent is always older than its
-- replies), so two replies in one thread never wait on each other in a cycle.

CREATE FUNCTION posts_thread_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.mode = 'public' THEN delta := 1; END IF;
  ELSIF OLD.mode IS DISTINCT FROM NEW.mode THEN
    IF OLD.mode = 'public' THEN delta := -1;
    ELSIF NEW.mode = 'public' THEN delta := 1;
    END IF;
  END IF;
  IF delta = 0 THEN RETURN NULL; END IF;

  WITH RECURSIVE chain(id, parent) AS (
    SELECT p.id, p.parent FROM posts p WHERE p.id = NEW.parent
    UNION ALL
    SELECT p.id, p.parent FROM posts p JOIN chain c ON p.id = c.parent
  ),
  locked AS (
    SELECT p.id FROM posts p WHERE p.id IN (SELECT id FROM chain) ORDER BY p.id FOR UPDATE
  )
  UPDATE posts p
     SET replies = greatest(p.replies + delta, 0),
         active = CASE WHEN delta > 0 THEN greatest(p.active, NEW.created) ELSE p.active END
    FROM locked
   WHERE p.id = locked.id;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_thread_counters_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.parent IS NOT NULL) EXECUTE FUNCTION posts_thread_counters();
CREATE TRIGGER posts_thread_counters_mode AFTER UPDATE OF mode ON posts
  FOR EACH ROW WHEN (NEW.parent IS NOT NULL AND OLD.mode IS DISTINCT FROM NEW.mode)
  EXECUTE FUNCTION posts_thread_counters();

-- serves: GET /api/drafts (the viewer's drafts, newest first)
CREATE INDEX posts_drafts_idx ON posts (user_id, created DESC, id DESC) WHERE mode = 'draft';

