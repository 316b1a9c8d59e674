-- bench/inbox.ts: a different search each request (a name, an order number or a product word of the
-- seed), so nothing repeated can be answered from a cache; reports through wrk-report.lua.
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)') or './'
dofile(here .. 'wrk-report.lua')

local first = { 'Budi', 'Siti', 'Andi', 'Dewi', 'Rina', 'Agus', 'Putri', 'Kartika', 'Lestari', 'Wahyu' }
local last = { 'Santoso', 'Rahmawati', 'Wijaya', 'Siregar', 'Nasution', 'Hakim', 'Saputra', 'Lubis' }
local words = { 'kemeja', 'sepatu%20kulit', 'rajut', 'ongkir', 'transfer', 'katalognya', 'diskon', 'jaket' }

math.randomseed(42)

request = function()
  local kind = math.random(3)
  local search
  if kind == 1 then
    search = first[math.random(#first)] .. '%20' .. last[math.random(#last)] .. '%20' .. math.random(0, 996)
  elseif kind == 2 then
    search = 'pesanan%20' .. math.random(0, 99999)
  else
    search = words[math.random(#words)]
  end
  return wrk.format(nil, '/api/chat?search=' .. search)
end
