-- Concurrent replies in one thread deadlocked on PostgreSQL (40P01, seen with 50 comments at once,
-- server/test/concurrency.test.ts): each INSERT of a comment takes FOR KEY SHARE on its parent,
-- root and uber rows (their foreign keys), and the counter trigger then asked FOR UPDATE on the
-- same rows, which conflicts with the other transaction's KEY SHARE, each waiting on the other.
-- FOR NO KEY UPDATE is the lock an UPDATE that changes no key takes anyway: it still orders two
-- writers of one thread (they conflict with each other) but not the foreign-key locks.
-- The function is otherwise the one of 0004_posts.sql.
CREATE OR REPLACE FUNCTION posts_thread_counters() RETURNS trigger LANGUAGE plpgsql AS $$
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
    SELECT p.id FROM posts p WHERE p.id IN (SELECT id FROM chain) ORDER BY p.id FOR NO KEY UPDATE
  )
  UPDATE posts p
     SET replies = greatest(p.replies + delta, 0),
         active = CASE WHEN delta > 0 THEN greatest(p.active, NEW.created) ELSE p.active END
    FROM locked
   WHERE p.id = locked.id;
  RETURN NULL;
END $$;
