-- bench/inbox.ts: inbound ingest through POST /api/sandbox/inbound, driven by wrk (C, so the load
-- generator takes little of the two cores the server and PostgreSQL share). 5,000 distinct customers
-- write in turn, each request a new message; the account comes from the environment (SAPA_ACCOUNT).
-- Reports through wrk-report.lua (non2xx counts any answer that is not 201 Created).
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)') or './'
dofile(here .. 'wrk-report.lua')

local account = os.getenv('SAPA_ACCOUNT')
local counter = 0
local offset = tonumber(os.getenv('SAPA_OFFSET') or '0')

wrk.method = 'POST'
wrk.headers['Content-Type'] = 'application/json'

request = function()
  local i = offset + counter
  counter = counter + 1
  local customer = i % 5000
  local body = string.format(
    '{"accountId":"%s","phoneNumber":"62857%07d","name":"Pembeli %d","text":"pesan masuk %d"}',
    account, customer, customer, i
  )
  return wrk.format(nil, '/api/sandbox/inbound', nil, body)
end
