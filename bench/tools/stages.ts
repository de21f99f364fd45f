/**
 * Where an email's time goes between POST /emails and its delivered webhook, stage by stage,
 * from the rows' own timestamps in a pipeline benchmark's database (kept with
 * BENCH_KEEP_DATABASES=1). The end-to-end latency says how long; this says which stage's tail it is.
 *
 *   BENCH_KEEP_DATABASES=1 pnpm bench pipeline
 *   node_modules/.bin/tsx bench/tools/stages.ts [fromSecond] [toSecond]
 *
 * The window (seconds after the first email, default 5 to 25: the paced phase after the warm-up)
 * picks the emails to look at. Stages: accepted → handed off (sender), handed off → `sent` event
 * stored (the simulator's pause and the ingester), `sent` → `delivered` stored, `delivered`
 * stored → webhook attempt started (dispatcher), and accepted → attempt started.
 */
import pg from "pg";
import { POSTGRES } from "../lib/environment.ts";

const [from = "5", to = "25"] = process.argv.slice(2);

const STAGES_SQL = `
WITH timeline AS (
  SELECT e."createdAt" AS accepted, e."sentAt" AS handed_off,
         (SELECT min(v."createdAt") FROM email_events v WHERE v."emailId" = e.id AND v.type = 'sent') AS sent_stored,
         (SELECT min(v."createdAt") FROM email_events v WHERE v."emailId" = e.id AND v.type = 'delivered') AS delivered_stored,
         (SELECT min(a."startedAt")
            FROM email_events v JOIN webhook_deliveries d ON d."eventId" = v.id JOIN webhook_attempts a ON a."deliveryId" = d.id
           WHERE v."emailId" = e.id AND v.type = 'delivered') AS attempt_started
    FROM emails e
   WHERE e."createdAt" BETWEEN (SELECT min("createdAt") FROM emails) + $1 * interval '1 second'
                           AND (SELECT min("createdAt") FROM emails) + $2 * interval '1 second'
), stages(stage, ms) AS (
  SELECT 'accepted → handed off', extract(epoch FROM handed_off - accepted) * 1000 FROM timeline
  UNION ALL SELECT 'handed off → sent stored', extract(epoch FROM sent_stored - handed_off) * 1000 FROM timeline
  UNION ALL SELECT 'sent → delivered stored', extract(epoch FROM delivered_stored - sent_stored) * 1000 FROM timeline
  UNION ALL SELECT 'delivered stored → attempt', extract(epoch FROM attempt_started - delivered_stored) * 1000 FROM timeline
  UNION ALL SELECT 'accepted → attempt', extract(epoch FROM attempt_started - accepted) * 1000 FROM timeline
)
SELECT stage, count(ms)::int AS emails,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric) AS p50,
       round(percentile_cont(0.9) WITHIN GROUP (ORDER BY ms)::numeric) AS p90,
       round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric) AS p99,
       round(max(ms)::numeric) AS max
  FROM stages GROUP BY stage ORDER BY min(ms) IS NULL, stage = 'accepted → attempt', p50`;

const client = new pg.Client({ connectionString: `${POSTGRES}/svc_bench_pipeline` });
await client.connect();
try {
  const { rows } = await client.query(STAGES_SQL, [Number(from), Number(to)]);
  console.log(`stage (ms), emails accepted ${from}-${to} s after the first`);
  console.table(rows);
} finally {
  await client.end();
}
