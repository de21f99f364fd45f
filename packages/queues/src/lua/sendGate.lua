-- What senders ask before their handoffs (see sendGate.ts), for one or more emails in order: is
-- the account paused, the email's workspace held, the account's 24-hour quota spent, and if none
-- of these, when may it go at the account's send rate, counted in recipients (no burst).
-- KEYS[1]: the rate's time (Redis's clock, ms, up to which the rate is spoken for); KEYS[2]: the
-- account's pause (a key with a TTL); KEYS[3]: the account's quota (a hash: max, sent, readAt,
-- since; see accountQuota.lua); KEYS[4]: the recipients passed, by time bucket (a hash);
-- KEYS[4 + i]: the hold of email i's workspace.
-- ARGV[1]: ms per recipient (0: unlimited); ARGV[2]: longest wait taken; ARGV[3]: the quota's
-- window (ms); ARGV[4]: the bucket's width (ms); ARGV[5]: the wait when the quota's resume time
-- is not known (until the next GetAccount); ARGV[5 + i]: email i's recipients.
-- Answers two numbers an email: 0, wait ms (go after the wait); 1, wait ms (too long: come back
-- then); 2, ms left (its workspace is held); 3, ms left (the account is paused); or 4, ms until the
-- quota has room for it again.
local interval = tonumber(ARGV[1])
local max_wait = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local bucket_ms = tonumber(ARGV[4])
local unknown_wait = tonumber(ARGV[5])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local start_tat = tat
local paused = redis.call('PTTL', KEYS[2])

-- The quota: unknown (no GetAccount yet, or unlimited) lets everything through.
local quota = redis.call('HMGET', KEYS[3], 'max', 'sent', 'readAt', 'since')
local max = tonumber(quota[1] or '-1')
local remaining = nil
if max >= 0 then
  remaining = max - tonumber(quota[2] or '0') - tonumber(quota[4] or '0')
end
local read_at = tonumber(quota[3] or '0')
local passed = 0
-- Given back once a call at most: what SES counted at the read that has left the window since,
-- and, for the rest, when enough more leaves it (from the buckets of what the senders passed).
local buckets = nil
local function counted_buckets()
  if buckets then return buckets end
  buckets = {}
  local flat = redis.call('HGETALL', KEYS[4])
  for j = 1, #flat, 2 do
    local b = tonumber(flat[j])
    local start = b * bucket_ms
    if start + bucket_ms + window <= now and start <= read_at - window then
      redis.call('HDEL', KEYS[4], flat[j])
    else
      buckets[#buckets + 1] = { start, tonumber(flat[j + 1]) }
    end
  end
  table.sort(buckets, function(a, b) return a[1] < b[1] end)
  local given_back = 0
  for _, entry in ipairs(buckets) do
    -- Wholly inside the window SES counted at the read, and wholly out of it now.
    if entry[1] > read_at - window and entry[1] + bucket_ms + window <= now then given_back = given_back + entry[2] end
  end
  remaining = remaining + given_back
  return buckets
end
local function resume_ms(deficit)
  local freed = 0
  for _, entry in ipairs(counted_buckets()) do
    if entry[1] > read_at - window and entry[1] + bucket_ms + window > now then
      freed = freed + entry[2]
      if freed >= deficit then return math.ceil(entry[1] + bucket_ms + window - now) end
    end
  end
  -- What this call passed is counted in the buckets only at its end: it is the newest.
  if passed > 0 and freed + passed >= deficit then
    return math.ceil(math.floor(now / bucket_ms) * bucket_ms + bucket_ms + window - now)
  end
  return unknown_wait
end

local answers = {}
for i = 5, #KEYS do
  local recipients = tonumber(ARGV[1 + i])
  local held = redis.call('PTTL', KEYS[i])
  if paused > 0 then
    answers[#answers + 1] = 3
    answers[#answers + 1] = paused
  elseif held > 0 then
    answers[#answers + 1] = 2
    answers[#answers + 1] = held
  else
    local over = false
    if remaining ~= nil and remaining < recipients then
      counted_buckets()
      over = remaining < recipients
    end
    if over then
      answers[#answers + 1] = 4
      answers[#answers + 1] = resume_ms(recipients - remaining)
    elseif interval <= 0 then
      answers[#answers + 1] = 0
      answers[#answers + 1] = 0
      passed = passed + recipients
      if remaining ~= nil then remaining = remaining - recipients end
    else
      local wait = tat - now
      if wait > max_wait then
        answers[#answers + 1] = 1
        answers[#answers + 1] = math.ceil(wait)
      else
        answers[#answers + 1] = 0
        answers[#answers + 1] = math.ceil(wait)
        tat = tat + interval * recipients
        passed = passed + recipients
        if remaining ~= nil then remaining = remaining - recipients end
      end
    end
  end
end
if tat > start_tat then
  redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
end
if passed > 0 and max >= 0 then
  redis.call('HINCRBY', KEYS[3], 'since', passed)
  redis.call('HINCRBY', KEYS[4], tostring(math.floor(now / bucket_ms)), passed)
  redis.call('PEXPIRE', KEYS[4], math.ceil(2 * window + 2 * bucket_ms))
end
return answers
