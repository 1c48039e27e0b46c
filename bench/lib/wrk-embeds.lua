-- wrk script of `npm run bench starvation`: anonymous clients requesting embed PNGs.
-- EMBED_PATHS: space-separated paths, taken in turn by each connection; with RANDOM_ZOOM set,
-- every request asks a different zoom from 5.000 to 6.000 (so no two images are the same).
-- Prints "STATUS <code> <count>" lines and "LATENCY p50 p99 max" (ms) when done.
local paths = {}
for p in string.gmatch(os.getenv("EMBED_PATHS") or "", "%S+") do table.insert(paths, p) end
local random_zoom = os.getenv("RANDOM_ZOOM") ~= nil
local threads = {}
local counter = 0

function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end

function init(args)
  statuses = {}
  -- Each wrk thread its own sequence (otherwise both would ask the same zooms in the same order).
  math.randomseed(os.time() * 100 + id)
  counter = id
end

function request()
  counter = counter + 1
  local path = paths[(counter % #paths) + 1]
  local zoom = random_zoom and string.format("%.3f", 5 + math.random()) or "6"
  return wrk.format("GET", path .. "?zoom=" .. zoom)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do totals[status] = (totals[status] or 0) + n end
  end
  for status, n in pairs(totals) do io.write(string.format("STATUS %d %d\n", status, n)) end
  io.write(string.format("LATENCY %.1f %.1f %.1f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("ERRORS %d %d\n", summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout))
end
