-- Takes one attempt slot on every counter (KEYS) if each is under its limit (ARGV[2] for KEYS[1],
-- ARGV[3] for KEYS[2], ...), in one atomic step: two concurrent attempts can never both see the
-- last free slot. Answers {1, 0} when taken, or {0, ttl} of the first counter that is full.
-- ARGV[1]: the window in seconds. EXPIRE … NX (Redis 7): the window starts at the first attempt
-- and is not extended by later ones.
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then
    return {0, redis.call('TTL', key)}
  end
end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[1], 'NX')
end
return {1, 0}
