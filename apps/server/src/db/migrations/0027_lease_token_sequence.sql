-- Fencing tokens drawn from one sequence (design: live-plane.md), so a thing's token never goes back.
-- Before, a lease row given back (an orphan corrected offline) and taken again started over at 1: a kill -9
-- whose encoder reconnected after the grace read token 1 after token 2. Starts above every token written.
CREATE SEQUENCE IF NOT EXISTS "live_lease_tokens";
--> statement-breakpoint
SELECT setval('live_lease_tokens', COALESCE((SELECT max(token) FROM live_leases), 0) + 1, false);
