import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const WRK = '/usr/bin/wrk';

/**
 * wrk at `connections` connections for `seconds`, read back through lib/wrk-report.lua (or `script`,
 * which uses it; `env` reaches the script). `token` goes in the `token` header (none when empty); an
 * answer of 400 or more or a socket error throws, unless `countErrors` (then the report counts them).
 */
export async function wrk(
  url: string,
  token: string,
  seconds: number,
  script = 'wrk-report.lua',
  {
    connections = 50,
    env = {},
    countErrors = false,
  }: { connections?: number; env?: Record<string, string>; countErrors?: boolean } = {},
) {
  script = path.join(import.meta.dirname, script);
  // a slow answer is a latency to count, not an error: wrk's own timeout is 2 s
  const { stdout } = await run(
    WRK,
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '30s',
      ...(token ? ['-H', `token: ${token}`] : []),
      '-s',
      script,
      url,
    ],
    { env: { ...process.env, ...env } },
  );
  const line = stdout.split('\n').find((l) => l.startsWith('WRK '));
  if (!line) throw new Error(`wrk printed no report: ${stdout}`);
  const report = JSON.parse(line.slice(4)) as {
    requests: number;
    seconds: number;
    non2xx: number;
    socketErrors: number;
    p50: number;
    p95: number;
    p975: number;
    p99: number;
  };
  if (!countErrors && (report.non2xx || report.socketErrors))
    throw new Error(`${url}: ${report.non2xx} non-2xx, ${report.socketErrors} socket errors`);
  return report;
}
