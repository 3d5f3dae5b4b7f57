import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { clientKey } from '../lib/client-key';

// What a session shows of the device it was opened on, and the key of the new-device mail
// (docs/decisions/034-sessions-devices-passkeys.md).

/** Who is signing in: the request's address and its User-Agent header. */
export interface SignInClient {
  ip: string;
  userAgent: string | undefined;
}

export interface DeviceInfo {
  /** "Chrome on macOS". */
  label: string;
  /** The client address in clientKey's normal form (IPv4 as is, IPv6 by its /64). */
  address: string;
  /** sha256 of browser family, OS and address: the same device signing in again. */
  key: string;
}

export const DEVICE_TEXT = {
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'unknown system',
  on: 'on',
} as const;

/** A User-Agent longer than this is cut before parsing (no header deserves more). */
const MAX_USER_AGENT = 512;

export function describeDevice(client: SignInClient): DeviceInfo {
  const ua = (client.userAgent ?? '').slice(0, MAX_USER_AGENT);
  const parsed = ua ? Bowser.parse(ua) : undefined;
  const browser = parsed?.browser.name || DEVICE_TEXT.unknownBrowser;
  const os = parsed?.os.name || DEVICE_TEXT.unknownSystem;
  const address = clientKey(client.ip);
  const key = createHash('sha256').update(`${browser}\n${os}\n${address}`).digest('base64url');
  return { label: `${browser} ${DEVICE_TEXT.on} ${os}`, address, key };
}
