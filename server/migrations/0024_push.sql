-- Web Push (docs/product.md R-10.15; server/src/notify/push.ts): the installation's VAPID key pair
-- and each device's subscription with its switches.
-- Runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- The installation's one VAPID key pair, in the database so every node signs with the same keys
-- (a browser's subscription is bound to the public key it was made with). Made at the first start
-- (notify/vapid.ts): every node inserts its own candidate with ON CONFLICT DO NOTHING, then reads
-- the row that won. Base64url, as the web-push library reads and writes them.
CREATE TABLE push_vapid (
  -- the one row: a constant key
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_key text NOT NULL,
  private_key text NOT NULL,
  created timestamptz NOT NULL DEFAULT now()
);

-- One browser's push subscription (one device), bound to the account that made it.
CREATE TABLE push_subscriptions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- the push service's URL for this subscription (https, public address: notify/pushEndpoint.ts)
  endpoint text NOT NULL,
  -- the browser's P-256 public key and auth secret (base64url), to encrypt each payload (RFC 8291)
  p256dh text NOT NULL,
  auth text NOT NULL,
  -- what this device is told of: replies and mentions, chat messages, moderation decisions
  replies boolean NOT NULL DEFAULT true,
  messages boolean NOT NULL DEFAULT true,
  moderation boolean NOT NULL DEFAULT true,
  -- a chat message's push carries its text (off: only who wrote)
  message_text boolean NOT NULL DEFAULT false,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz
);
-- serves: push_subscribe's upsert by endpoint, push_unsubscribe, and dropping a subscription the
-- push service answered 404/410 for
CREATE UNIQUE INDEX push_subscriptions_endpoint_key ON push_subscriptions (endpoint);
-- serves: a recipient's subscriptions when a push is sent, GET /api/push_subscriptions (one's own),
-- the cap on subscriptions per account, and the foreign key from users (account deletion)
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);
