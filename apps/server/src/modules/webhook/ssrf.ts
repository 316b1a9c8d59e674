import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (issue 26 part 3): public unicast addresses only, unless the operator allows
 * private targets (SAPA_WEBHOOK_ALLOW_PRIVATE). Checked when the URL is saved (a clear error) and again
 * on every connection, at the moment the address is resolved (`guardedLookup`), so a name that later
 * resolves to 127.0.0.1 or 169.254.169.254 (DNS rebinding) is refused when it matters.
 */

/** Whether an IP address (v4 or v6, v4-mapped v6 read as v4) is outside the public internet. */
export function isBlockedAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return true;
  }
  // an allowlist: everything ipaddr.js does not call global unicast (private, loopback, link-local,
  // CGNAT, multicast, reserved, documentation, 6to4/Teredo tunnels, ...) is refused
  return parsed.range() !== 'unicast';
}

export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
  constructor(readonly address: string) {
    super(`webhook target ${address} is not a public address`);
  }
}

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * dns.lookup for http(s).Agent, refusing a name any of whose addresses is not public: the check
 * happens when the socket connects, so every new connection is checked again.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const blocked = allowPrivate ? undefined : list.find((a) => isBlockedAddress(a.address));
      if (blocked) return callback(new BlockedTargetError(blocked.address), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

export type TargetCheck = 'ok' | 'private' | 'unresolvable';

/** At save time: the URL's host is a public address, or a name whose every address is public. */
export async function checkTarget(url: URL, allowPrivate: boolean): Promise<TargetCheck> {
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return allowPrivate || !isBlockedAddress(host) ? 'ok' : 'private';
  const lower = host.toLowerCase();
  if (!allowPrivate && (lower === 'localhost' || lower.endsWith('.localhost'))) return 'private';
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return 'unresolvable';
  }
  if (!addresses.length) return 'unresolvable';
  if (!allowPrivate && addresses.some((a) => isBlockedAddress(a.address))) return 'private';
  return 'ok';
}
