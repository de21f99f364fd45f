-- Requests against a rate-limit bucket (GCRA: the token bucket written as one time), with
-- Redis's own clock so that every process shares one bucket per key whatever their clocks say.
-- KEYS[1]: the bucket, holding the "theoretical arrival time" up to which requests are paid for.
-- ARGV[1]: milliseconds per request (1000 / rate); ARGV[2]: burst; ARGV[3]: requests wanted
-- (1 when absent): the caller pays for as many of them as the bucket allows now, at least one, or none.
-- Answers {requests paid for (0: refused), remaining, ms until a request would be allowed, ms until the bucket is full}.
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local wanted = tonumber(ARGV[3] or '1')
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local capacity = burst * interval
if tat + interval - now > capacity then
  return {0, 0, math.ceil(tat + interval - now - capacity), math.ceil(tat - now)}
end
local paid = math.max(1, math.min(wanted, math.floor((capacity - (tat - now)) / interval)))
local next_tat = tat + paid * interval
redis.call('SET', KEYS[1], string.format('%.3f', next_tat), 'PX', math.ceil(next_tat - now) + 1000)
return {paid, math.floor((capacity - (next_tat - now)) / interval), 0, math.ceil(next_tat - now)}
