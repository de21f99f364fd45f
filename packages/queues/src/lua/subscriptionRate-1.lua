-- One automatic webhook attempt against its subscription's rate limit (GCRA without a burst:
-- attempts at least 1000 / rate ms apart), on Redis's own clock so that every dispatcher
-- process shares one schedule per subscription whatever their clocks say.
-- KEYS[1]: the subscription's key, holding the time (ms) before which no further attempt may start.
-- ARGV[1]: milliseconds between attempts (1000 / rate).
-- Answers 0 when this attempt may go now (and counts it), otherwise the ms until one may.
local interval = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local free_at = tonumber(redis.call('GET', KEYS[1]) or '0')
if free_at > now then
  return math.ceil(free_at - now)
end
redis.call('SET', KEYS[1], string.format('%.3f', now + interval), 'PX', math.ceil(interval) + 1000)
return 0
