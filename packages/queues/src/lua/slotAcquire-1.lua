-- Take a slot if fewer than ARGV[1] live holders exist. Holders are members `<instance>|<holder>`
-- of a sorted set (KEYS[1]) scored by their expiry. When the set is full, members whose
-- dispatcher process has no liveness key any more (prefix ARGV[4] plus the instance) are dropped
-- first: a process killed mid-attempt frees its slots as soon as its key expires, not when their
-- lease runs out. The caller's own instance (ARGV[5]) is alive by definition. The lease (ARGV[2]
-- ms) stays the backstop for members of unknown form; ARGV[3] is the new member. Time comes from
-- Redis, so every dispatcher host agrees on it. The liveness keys are not declared in KEYS (their
-- names are read from the set); the caller keeps them under the set's hash tag, so on a Redis
-- Cluster they are in the same slot. Answers 1 when the slot was taken, 0 otherwise.
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local limit = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local alive = {}
  alive[ARGV[5]] = true
  for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
    local instance = string.match(member, '^([^|]+)|')
    if instance then
      if alive[instance] == nil then alive[instance] = redis.call('EXISTS', ARGV[4] .. instance) == 1 end
      if not alive[instance] then redis.call('ZREM', KEYS[1], member) end
    end
  end
end
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[2]), ARGV[3])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
  return 1
end
return 0
