-- Records what GetAccount said of the account's 24-hour quota (see sendGate.ts), read at Redis's
-- clock, or that SES refused a send for the quota (it is spent, whatever was counted).
-- KEYS[1]: the account's quota (a hash: max, sent, readAt, since).
-- ARGV[1]: `read` or `spent`; for `read`, ARGV[2]: Max24HourSend (-1: unlimited), ARGV[3]:
-- SentLast24Hours; ARGV[4]: how long the record is trusted without another read (ms).
local t = redis.call('TIME')
local now = math.floor(tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000)
if ARGV[1] == 'read' then
  redis.call('HSET', KEYS[1], 'max', ARGV[2], 'sent', ARGV[3], 'readAt', tostring(now), 'since', '0')
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
  return 1
end
local max = tonumber(redis.call('HGET', KEYS[1], 'max') or '-1')
if max < 0 then return 0 end
local sent = tonumber(redis.call('HGET', KEYS[1], 'sent') or '0')
local since = tonumber(redis.call('HGET', KEYS[1], 'since') or '0')
if sent + since < max then redis.call('HSET', KEYS[1], 'since', tostring(max - sent)) end
return 1
