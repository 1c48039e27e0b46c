-- wrk script of the load benchmarks (bench/lib/wrk.ts). With REQUESTS_FILE set, every request is a
-- random line of that file: "METHOD<TAB>PATH<TAB>API KEY<TAB>JSON BODY" (key and body may be empty),
-- so one run can mix accounts and request kinds in the proportions the file holds. Without it, wrk
-- sends its command-line URL and headers. When done, prints one line:
-- "RESULT <requests> <seconds> <p50 ms> <p99 ms> <socket errors> <timeouts>".
local lines = {}
local file = os.getenv("REQUESTS_FILE")

local id = 0
function setup(thread)
  id = id + 1
  thread:set("id", id)
end

function init(args)
  -- Each wrk thread its own sequence, different in every run.
  math.randomseed(os.time() * 100 + (id or 0))
  -- Formatted here, not when the script loads: only now does wrk know the Host header to add
  -- (without one, HTTP/1.1 requests are 400).
  if file then
    for line in io.lines(file) do
      local method, path, key, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t?(.*)$")
      local headers = { ["Host"] = wrk.headers["Host"] }
      if key ~= "" then headers["Authorization"] = "Token token=" .. key end
      if body ~= "" then headers["Content-Type"] = "application/json" else body = nil end
      table.insert(lines, wrk.format(method, path, headers, body))
    end
  end
end

if file then
  function request()
    return lines[math.random(#lines)]
  end
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
  io.write(string.format("RESULT %d %.3f %.3f %.3f %d %d\n", summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, errors, summary.errors.timeout))
end
