-- What senders ask before their handoffs (see sendGate.ts), for one or more emails in order: is
-- the email's workspace held, and if not, when may it go at the account's send rate, counted in
-- recipients (no burst).
-- KEYS[1]: the rate's time (Redis's clock, ms, up to which the rate is spoken for); KEYS[1 + i]:
-- the hold of email i's workspace.
-- ARGV[1]: ms per recipient (0: unlimited); ARGV[2]: longest wait taken; ARGV[2 + i]: email i's
-- recipients.
-- Answers two numbers an email: 0, wait ms (go after the wait); 1, wait ms (too long: come back
-- then); or 2, ms left (held).
local interval = tonumber(ARGV[1])
local max_wait = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local start_tat = tat
local answers = {}
for i = 2, #KEYS do
  local held = redis.call('PTTL', KEYS[i])
  if held > 0 then
    answers[#answers + 1] = 2
    answers[#answers + 1] = held
  elseif interval <= 0 then
    answers[#answers + 1] = 0
    answers[#answers + 1] = 0
  else
    local wait = tat - now
    if wait > max_wait then
      answers[#answers + 1] = 1
      answers[#answers + 1] = math.ceil(wait)
    else
      answers[#answers + 1] = 0
      answers[#answers + 1] = math.ceil(wait)
      tat = tat + interval * tonumber(ARGV[1 + i])
    end
  end
end
if tat > start_tat then
  redis.call('SET', KEYS[1], string.format('%.3f', tat), 'PX', math.ceil(tat - now) + 1000)
end
return answers
