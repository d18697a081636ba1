-- Accounts: captchas, e-mailed tokens (verify, reset, e-mail change) and per-account
-- sign-in failure counters. Secrets are stored only as SHA-256 hashes: a leaked table
-- gives nothing that can be replayed.

CREATE TABLE captchas (
  id text PRIMARY KEY,                          -- identifier handed to the browser (7-14 chars)
  text_hash bytea NOT NULL,                     -- sha256 of the lower-cased answer
  expires timestamptz NOT NULL
);
-- serves: DELETE FROM captchas WHERE expires < now() (clean-up on every captcha_create)
CREATE INDEX captchas_expires_idx ON captchas (expires);

CREATE TABLE account_tokens (
  token_hash bytea PRIMARY KEY,                 -- sha256 of the e-mailed token; serves user_verify / user_reset lookups
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('verify', 'reset', 'email')),
  email text,                                   -- the new address, for kind 'email'
  created timestamptz NOT NULL DEFAULT now(),
  expires timestamptz NOT NULL,
  used timestamptz,                             -- single use: set when consumed
  CHECK ((kind = 'email') = (email IS NOT NULL))
);
-- serves: "was a reset mail sent to this user in the last minutes" (per-account throttle)
-- and invalidating a user's other open tokens after a reset or password change
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, kind, created DESC);
-- serves: DELETE FROM account_tokens WHERE expires < ... (clean-up on every createToken)
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires);

-- Failed password checks per account name (lower-cased), counted in a window, so guessing
-- one account's password from many addresses is slowed down too. Rows for names that do
-- not exist are kept as well: the answer must not reveal whether an account exists.
CREATE TABLE login_failures (
  name text PRIMARY KEY,                        -- serves: the check and the upsert on every sign-in
  failures integer NOT NULL,
  window_start timestamptz NOT NULL
);
-- serves: DELETE FROM login_failures WHERE window_start < ... (clean-up on every recorded failure)
CREATE INDEX login_failures_window_idx ON login_failures (window_start);
