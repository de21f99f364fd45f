-- Gives one slot back on every counter (KEYS), never below zero (a key may have expired in between).
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0
