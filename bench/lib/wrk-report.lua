-- wrk's report for bench/inbox.ts: one JSON line with the counts and the latency percentiles (ms).
done = function(summary, latency, requests)
  io.write(string.format(
    'WRK {"requests":%d,"seconds":%.3f,"non2xx":%d,"socketErrors":%d,"p50":%.3f,"p95":%.3f,"p975":%.3f,"p99":%.3f}\n',
    summary.requests,
    summary.duration / 1e6,
    summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50) / 1000,
    latency:percentile(95) / 1000,
    latency:percentile(97.5) / 1000,
    latency:percentile(99) / 1000
  ))
end
