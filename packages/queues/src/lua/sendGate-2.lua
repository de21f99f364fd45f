-- What every sender asks before a handoff (see sendGate.ts): is the email's workspace held, and
-- if not, when may it go at the account's send rate, counted in recipients (no burst).
-- KEYS[1]: the rate's time (Redis's clock, ms, up to which the rate is spoken for); KEYS[2]: the workspace's hold.
-- ARGV[1]: ms per recipient (0: unlimited); ARGV[2]: recipients; ARGV[3]: longest wait taken.
-- Answers {0, wait ms} (go after the wait), {1, wait ms} (too long: come back then) or {2, ms left} (held).
local held = redis.call('PTTL', KEYS[2])
if held > 0 then return {2, held} end
local interval = tonumber(ARGV[1])
if interval <= 0 then return {0, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local wait = tat - now
if wait > tonumber(ARGV[3]) then return {1, math.ceil(wait)} end
local next_tat = tat + interval * tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.3f', next_tat), 'PX', math.ceil(next_tat - now) + 1000)
return {0, math.ceil(wait)}
