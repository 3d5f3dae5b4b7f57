/**
 * Whether a URL points at the public web: the one rule for every address we send people to
 * (an offer's landing page, an entity's sign-up page that 'Join' redirects to;
 * docs/decisions/025-marketplace-loop-safety.md). Tracking links redirect
 * visitors there, so a landing page on loopback, a private or CGNAT network, link-local or a cloud
 * metadata address would turn our links against the visitor's own network.
 *
 * The check is on the URL's text only (no DNS lookup): WHATWG URL parsing already turns decimal,
 * hex and octal IPv4 forms (`http://2130706433/`, `http://0x7f.1/`) into dotted quads and IPv6
 * into its compressed form, so each form of an address is refused once it is parsed.
 */

/** The WHATWG URL parser, a global of browsers and Node (the contract compiles without their libs). */
declare const URL: new (input: string) => { protocol: string; hostname: string };

/** The refusal of a URL that is not on the public web, naming the field. */
export const publicUrlMessage = (label: string) =>
  `${label} must be a public web address (not localhost, a private network or a cloud metadata address)`;

export const PUBLIC_URL_MESSAGE = publicUrlMessage('Landing page URL');

/** Names that are never on the public web: local, internal and special-use domains. */
const PRIVATE_NAME =
  /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|corp|home\.arpa|invalid)$/;

/** IPv4 ranges [first octets as a number, prefix length] that are not the public internet. */
const PRIVATE_V4: [number, number][] = [
  [0x00000000, 8], // "this network" (0.0.0.0/8)
  [0x0a000000, 8], // private 10/8
  [0x64400000, 10], // CGNAT 100.64/10
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // link-local, incl. the metadata address 169.254.169.254
  [0xac100000, 12], // private 172.16/12
  [0xc0000000, 24], // IETF protocol assignments 192.0.0/24
  [0xc0a80000, 16], // private 192.168/16
  [0xc6120000, 15], // benchmarking 198.18/15
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved, incl. broadcast
];

function v4Number(host: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

function isPrivateV4(n: number): boolean {
  return PRIVATE_V4.some(([base, bits]) => n >>> (32 - bits) === base >>> (32 - bits));
}

/** The eight 16-bit groups of a (bracket-less) IPv6 address as URL parsing prints it. */
function v6Groups(host: string): number[] | null {
  if (!host.includes(':')) return null;
  const [head = '', tail] = host.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const missing = 8 - h.length - t.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...h, ...Array<string>(missing).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.some((g) => Number.isNaN(g)) ? null : groups;
}

/**
 * IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped `::ffff:0:0/96`,
 * -compatible `::/96`, SIIT/IPv4-translated `::ffff:0:0:0/96`, NAT64 `64:ff9b::/96` and 6to4
 * `2002::/16` (the IPv4 in bits 16–48): a private IPv4 inside is refused like the IPv4 itself.
 * Forms whose IPv4 is not plainly there are refused outright: Teredo `2001::/32` (obfuscated
 * client address) and the local-use NAT64 prefix `64:ff9b:1::/48` (any network's own relay).
 * docs/decisions/025-marketplace-loop-safety.md.
 */
function isPrivateV6(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h6 = 0, h7 = 0] = g;
  const lastV4 = ((h6 << 16) | h7) >>> 0;
  if (a === 0 && b === 0 && c === 0 && d === 0) {
    // ::, ::1 and IPv4-compatible (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d).
    if (e === 0 && (f === 0xffff || f === 0)) {
      return f === 0 && h6 === 0 ? true : isPrivateV4(lastV4);
    }
    // SIIT / IPv4-translated (::ffff:0:a.b.c.d).
    if (e === 0xffff && f === 0) return isPrivateV4(lastV4);
  }
  if (a === 0x64 && b === 0xff9b) {
    // Well-known NAT64 64:ff9b::/96; the local-use 64:ff9b:1::/48 is some network's own.
    return c === 0 && d === 0 && e === 0 && f === 0 ? isPrivateV4(lastV4) : true;
  }
  if (a === 0x2002) return isPrivateV4(((b << 16) | c) >>> 0); // 6to4
  if (a === 0x2001 && b === 0) return true; // Teredo
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (incl. fd00:ec2::254)
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link/site-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  return false;
}

/** Whether `value` parses as an http(s) URL whose host is on the public internet. */
export function isPublicWebUrl(value: string): boolean {
  let url: { protocol: string; hostname: string };
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host === '') return false;
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    return groups !== null && !isPrivateV6(groups);
  }
  const v4 = v4Number(host);
  if (v4 !== null) return !isPrivateV4(v4);
  // A name without a dot (`intranet`, `metadata`) only resolves inside a network.
  if (!host.includes('.')) return false;
  return !PRIVATE_NAME.test(host);
}
