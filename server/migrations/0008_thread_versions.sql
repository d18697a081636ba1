-- Thread versions: a number per thread (uber) that grows whenever what the thread shows changes,
-- other than votes: a new comment (which also moves replies/active up the chain), an edit, a
-- delete, moderation, publishing a draft. The API's thread cache (server/src/read/threadCache.ts)
-- reads it on every request and rebuilds a cached thread when it moved; votes are read fresh on
-- every request instead, so a busy thread's votes never throw its cache away.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
-- Bumped by a trigger, in the writer's transaction, so every writer (post_create, post_update,
-- post_delete, moderation, bans) is covered and a reader that sees the new rows also sees the new
-- number. A side table rather than a column of the top post: an edit of a comment would otherwise
-- lock the top post after the comment, against the ascending-id lock order of 0004. The trigger
-- is named to fire after the other posts triggers, so this row is the last lock a write takes.
-- No foreign key: its check would lock the top post too; a row left by a removed thread is inert.

-- serves: the thread cache's version check (WHERE uber = $1)
CREATE TABLE thread_versions (
  uber integer PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1
);

CREATE FUNCTION posts_thread_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO thread_versions AS t (uber) VALUES (NEW.uber)
    ON CONFLICT (uber) DO UPDATE SET version = t.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER posts_thread_version_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.uber IS NOT NULL) EXECUTE FUNCTION posts_thread_version();
-- Not on the counters (replies, opens, votes, hot, active): they follow from the changes below,
-- or are read fresh, or may be a few seconds old in a cached thread.
CREATE TRIGGER posts_thread_version_update AFTER UPDATE ON posts
  FOR EACH ROW WHEN (NEW.uber IS NOT NULL AND
    (OLD.mode, OLD.title, OLD.url, OLD.body, OLD.words, OLD.files, OLD.tags, OLD.domains,
     OLD.parent, OLD.root, OLD.uber, OLD.user_id, OLD.created)
    IS DISTINCT FROM
    (NEW.mode, NEW.title, NEW.url, NEW.body, NEW.words, NEW.files, NEW.tags, NEW.domains,
     NEW.parent, NEW.root, NEW.uber, NEW.user_id, NEW.created))
  EXECUTE FUNCTION posts_thread_version();
