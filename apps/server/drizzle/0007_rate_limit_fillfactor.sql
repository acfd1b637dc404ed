-- A counter row is updated on every flush of its window (every 200 ms while its address is
-- busy). With room left on each page, Postgres writes the new row version beside the old one
-- and leaves the key's index alone (a heap-only update): a cheaper write, and a table that does
-- not bloat. New pages keep half their room free; pages written before fill as they are reused.
ALTER TABLE "rate_limit_counters" SET (fillfactor = 50);
