-- JIT compilation off for this database (issue 13, search). A search for two common words walks
-- the newest posts by id and stops after a page: 36 ms of work, but the planner's cost for the
-- whole walk is above jit_above_cost, and PostgreSQL 15 then spent 480 ms compiling it
-- (bench/search.mjs). Every query of this API is a short keyset read or write, which JIT never
-- pays back. PGlite has no JIT; there the setting changes nothing. A database user that does not
-- own the database cannot change it: the migration then only says so, and the operator can set
-- `jit = off` in postgresql.conf instead.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'jit stays as configured: only the owner of the database can turn it off here';
END $$;
