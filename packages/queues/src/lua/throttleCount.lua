-- Counts one failure on every counter (KEYS). ARGV[1]: the window in seconds. EXPIRE … NX
-- (Redis 7): the window starts at the first failure and is not extended by later ones.
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[1], 'NX')
end
return 0
