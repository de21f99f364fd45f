-- Answers the larger remaining window (seconds) of the counters (KEYS) that are full, or 0 when
-- none is. ARGV[i]: the limit of KEYS[i]. A full counter without an expiry answers at least 1.
local wait = 0
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i]) then
    local ttl = redis.call('TTL', key)
    if ttl > wait then wait = ttl end
    if ttl < 0 and wait == 0 then wait = 1 end
  end
end
return wait
