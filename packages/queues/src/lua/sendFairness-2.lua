-- Adds ARGV[1] to this window's bucket (KEYS[1], expiring after ARGV[2] ms) and answers the
-- bucket's new value with the previous window's (KEYS[2]), so the caller can estimate the
-- group's rate over a sliding window. One round trip, atomic per group.
local now = redis.call('INCRBY', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local previous = redis.call('GET', KEYS[2])
return { now, previous and tonumber(previous) or 0 }
