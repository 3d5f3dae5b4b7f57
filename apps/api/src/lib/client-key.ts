import { isIPv6 } from 'node:net';

// The one key of a client for every per-address limit (flood guard, login failures, sign-ups,
// entity registrations, clicks…): docs/decisions/002-rate-limits.md.

/**
 * The counted address: an IPv6 client by its /64 network (one household or server gets a whole
 * /64, so counting single addresses would let it rotate through them), anything else as it is.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const zone = ip.indexOf('%');
  const address = (zone === -1 ? ip : ip.slice(0, zone)).toLowerCase();
  const [head = '', tail] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  let groups = part(head);
  let rest = tail === undefined ? [] : part(tail);
  // An embedded IPv4 tail (::ffff:… handled above; other forms are rare) counts as two groups.
  const toV4Groups = (list: string[]) => {
    const last = list[list.length - 1];
    if (last === undefined || !last.includes('.')) return list;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...list.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  if (tail === undefined) groups = toV4Groups(groups);
  else rest = toV4Groups(rest);
  const missing = tail === undefined ? 0 : 8 - groups.length - rest.length;
  return [...groups, ...Array<string>(missing).fill('0'), ...rest].map((g) =>
    parseInt(g, 16).toString(16),
  );
}
