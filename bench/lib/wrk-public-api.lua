-- bench/public-api.ts: POST /api/v1/messages with a number's API token (SAPA_TOKEN, as the bearer),
-- driven by wrk (C, so the load generator takes little of the two cores the server and PostgreSQL
-- share). Each request a text to one of 5,000 customers in turn (SAPA_OFFSET shifts the texts between
-- runs; with SAPA_IDEMPOTENCY each request has its own Idempotency-Key). Reports through
-- wrk-report.lua (non2xx counts any answer of 400 or more).
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)') or './'
dofile(here .. 'wrk-report.lua')

local counter = 0
local offset = tonumber(os.getenv('SAPA_OFFSET') or '0')
-- SAPA_IDEMPOTENCY=1: a new Idempotency-Key on every request, as a careful client sends
local keyed = (os.getenv('SAPA_IDEMPOTENCY') or '') ~= ''

wrk.method = 'POST'
wrk.headers['Content-Type'] = 'application/json'
wrk.headers['Authorization'] = 'Bearer ' .. os.getenv('SAPA_TOKEN')

request = function()
  local i = offset + counter
  counter = counter + 1
  local customer = i % 5000
  local body = string.format('{"to":"62858%07d","text":"Pesanan %d sudah dikirim, terima kasih."}', customer + 1, i)
  local headers = nil
  if keyed then
    -- wrk.format takes these instead of wrk.headers, not on top of them
    headers = { ['Idempotency-Key'] = string.format('bench-%d', i) }
    for name, value in pairs(wrk.headers) do headers[name] = value end
  end
  return wrk.format(nil, '/api/v1/messages', headers, body)
end
