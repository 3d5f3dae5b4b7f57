import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A software WebAuthn authenticator for the API tests: it builds real attestations and
// assertions (CBOR, COSE keys, ES256 signatures over authenticatorData ‖ hash(clientDataJSON))
// that @simplewebauthn/server verifies as it would a browser's. Nothing in the library is stubbed.

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** A minimal CBOR encoder: integers, byte and text strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the relying party gave (base64url, as in the options). */
  userHandle: string;
  counter: number;
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private authData(flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter, 0);
    return Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  /** navigator.credentials.create() on registration options (JSON form). */
  register(
    options: { challenge: string; user: { id: string } },
    tweak: { origin?: string; challenge?: string; userVerified?: boolean } = {},
  ) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(16);
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(id.length, 0);
    const attested = Buffer.concat([Buffer.alloc(16), credIdLength, id, cbor(cose)]);
    const flags = FLAG_UP | FLAG_AT | (tweak.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, 0, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: tweak.challenge ?? options.challenge,
      origin: tweak.origin ?? this.origin,
      crossOrigin: false,
    });
    const credential = { id, privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() on authentication options, with a discoverable credential. */
  assert(
    options: { challenge: string },
    tweak: {
      credential?: SoftwareCredential;
      counter?: number;
      userVerified?: boolean;
      origin?: string;
    } = {},
  ) {
    const credential = tweak.credential ?? this.credentials[this.credentials.length - 1];
    if (!credential) throw new Error('no credential registered on this authenticator');
    credential.counter = tweak.counter ?? credential.counter + 1;
    const flags = FLAG_UP | (tweak.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(flags, credential.counter);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: tweak.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
