import { createHash, createHmac } from 'node:crypto';
import { fromHex, hmacSha256, sha256, toHex, utf8 } from '../src/sha256';

/** The pure-TypeScript SHA-256 and HMAC-SHA256 of src/ against Node's crypto and RFC 4231. */

/** A reproducible byte source (xorshift32), so that a failure can be replayed. */
function bytes(seed: number, n: number): Buffer {
  let x = seed || 1;
  const out = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('sha256', () => {
  it('the FIPS 180-4 examples', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with Node on every length from 0 to 300 bytes (every padding case) and beyond', () => {
    for (let n = 0; n <= 300; n++) {
      const data = bytes(n + 1, n);
      expect([n, toHex(sha256(data))]).toEqual([
        n,
        createHash('sha256').update(data).digest('hex'),
      ]);
    }
    for (const n of [1000, 4096, 65_537]) {
      const data = bytes(n, n);
      expect(toHex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});

describe('hmacSha256', () => {
  // RFC 4231, section 4: test cases 1 to 7 (case 5 is truncated to 128 bits there).
  const rfc4231: [string, Buffer, Buffer, string][] = [
    [
      '1',
      Buffer.alloc(20, 0x0b),
      Buffer.from('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      '2',
      Buffer.from('Jefe'),
      Buffer.from('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      '3',
      Buffer.alloc(20, 0xaa),
      Buffer.alloc(50, 0xdd),
      '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
    ],
    [
      '4',
      Buffer.from(Array.from({ length: 25 }, (_, i) => i + 1)),
      Buffer.alloc(50, 0xcd),
      '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
    ],
    [
      '5',
      Buffer.alloc(20, 0x0c),
      Buffer.from('Test With Truncation'),
      'a3b6167473100ee06e0c796c2955552b',
    ],
    [
      '6',
      Buffer.alloc(131, 0xaa),
      Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
    [
      '7',
      Buffer.alloc(131, 0xaa),
      Buffer.from(
        'This is a test using a larger than block-size key and a larger than block-size data. ' +
          'The key needs to be hashed before being used by the HMAC algorithm.',
      ),
      '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
    ],
  ];

  it.each(rfc4231)('RFC 4231 test case %s', (_, key, data, expected) => {
    expect(toHex(hmacSha256(key, data)).slice(0, expected.length)).toBe(expected);
  });

  it('agrees with Node for keys of 0 to 200 bytes (shorter, equal to and longer than a block)', () => {
    for (let k = 0; k <= 200; k++) {
      const key = bytes(k + 7, k);
      const message = bytes(k + 11, (k * 37) % 181);
      expect([k, toHex(hmacSha256(key, message))]).toEqual([
        k,
        createHmac('sha256', key).update(message).digest('hex'),
      ]);
    }
  });
});

describe('hex', () => {
  it('round trips, and refuses what is not hex', () => {
    const data = bytes(3, 40);
    expect(Buffer.from(fromHex(toHex(data))!)).toEqual(data);
    expect(fromHex('ABcd')).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(fromHex('abc')).toBeNull();
    expect(fromHex('zz')).toBeNull();
  });
});
