-- Link previews (issue 13): the linked page's title, description, site name and picture, fetched
-- in the background after a post with a link is published (server/src/previews/).

-- {title, description, site, image}: image is a name in `files`, owned by the post's author.
ALTER TABLE posts ADD COLUMN preview jsonb;

-- One pending fetch per post. A durable queue: a node claims a due job with FOR UPDATE SKIP
-- LOCKED and leases it (next_try moves ahead) before fetching, so two nodes never fetch one link
-- twice and a node that dies mid-fetch leaves the job to be retried when its lease runs out.
CREATE TABLE link_preview_jobs (
  post_id integer PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  url text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_try timestamptz NOT NULL DEFAULT now(),
  last_error text
);
-- serves: the workers' claim, the job due first (ORDER BY next_try LIMIT 1)
CREATE INDEX link_preview_jobs_due_idx ON link_preview_jobs (next_try);

-- Every way a link becomes public (a new post, a published draft, an edited link) queues a
-- fetch, in the writer's transaction; a changed or removed link drops the old preview at once.
CREATE FUNCTION posts_link_preview_reset() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.url IS DISTINCT FROM OLD.url OR NEW.mode <> 'public' THEN
    NEW.preview := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER posts_link_preview_reset BEFORE UPDATE OF url, mode ON posts
  FOR EACH ROW WHEN (OLD.preview IS NOT NULL) EXECUTE FUNCTION posts_link_preview_reset();

CREATE FUNCTION posts_link_preview_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.mode = 'public' AND NEW.url IS NOT NULL AND NEW.preview IS NULL
     AND (TG_OP = 'INSERT' OR OLD.mode <> 'public' OR OLD.url IS DISTINCT FROM NEW.url) THEN
    INSERT INTO link_preview_jobs AS j (post_id, url) VALUES (NEW.id, NEW.url)
      ON CONFLICT (post_id) DO UPDATE SET url = EXCLUDED.url, attempts = 0, next_try = now(), last_error = NULL;
  ELSIF NEW.mode <> 'public' OR NEW.url IS NULL THEN
    DELETE FROM link_preview_jobs WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER posts_link_preview_queue AFTER INSERT OR UPDATE OF url, mode ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_link_preview_queue();

-- A preview arriving changes what a thread shows: cached threads are rebuilt (as in 0008).
DROP TRIGGER posts_thread_version_update ON posts;
CREATE TRIGGER posts_thread_version_update AFTER UPDATE ON posts
  FOR EACH ROW WHEN (NEW.uber IS NOT NULL AND
    (OLD.mode, OLD.title, OLD.url, OLD.body, OLD.words, OLD.files, OLD.tags, OLD.domains,
     OLD.parent, OLD.root, OLD.uber, OLD.user_id, OLD.created, OLD.preview)
    IS DISTINCT FROM
    (NEW.mode, NEW.title, NEW.url, NEW.body, NEW.words, NEW.files, NEW.tags, NEW.domains,
     NEW.parent, NEW.root, NEW.uber, NEW.user_id, NEW.created, NEW.preview))
  EXECUTE FUNCTION posts_thread_version();

-- The pictures the fetcher stored. A picture whose preview is gone (link edited, post deleted or
-- removed) is dropped by the workers' clean-up, from `files` and then from storage.
CREATE TABLE link_preview_files (
  file text PRIMARY KEY REFERENCES files (file) ON DELETE CASCADE,
  created timestamptz NOT NULL DEFAULT now()
);
-- serves: the clean-up's check that no post shows a picture any more
CREATE INDEX posts_preview_image_idx ON posts ((preview ->> 'image')) WHERE preview IS NOT NULL;
