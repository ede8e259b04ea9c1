import { describe, expect, it } from 'vitest';
import { limitKey } from './client-address.ts';

describe('limitKey: the client a limit counts', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(limitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKey(' 10.0.0.1 ')).toBe('10.0.0.1');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    const key = '2001:db8:1:2::';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:abcd:ef01:2345:6789',
      '[2001:db8:1:2::99]',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:10.1.2.3',
    ]) {
      expect(limitKey(address), address).toBe(key);
    }
    // The next /64 is another client.
    expect(limitKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(limitKey('2001:db8::1')).toBe('2001:db8:0:0::');
    expect(limitKey('::1')).toBe('0:0:0:0::');
    expect(limitKey('fe80::1')).toBe('fe80:0:0:0::');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it maps', () => {
    expect(limitKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(limitKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(limitKey('::ffff:192.0.2.1')).toBe(limitKey('192.0.2.1'));
  });

  it('gives a key that is still a valid address (Better Auth checks its client-address header holds one)', async () => {
    const { isIP } = await import('node:net');
    for (const address of ['2001:db8:1:2::1', '::1', '::ffff:192.0.2.1', '198.51.100.2']) {
      expect(isIP(limitKey(address)), address).not.toBe(0);
    }
  });

  it('keeps text that is not an address as it is', () => {
    expect(limitKey('unknown')).toBe('unknown');
    expect(limitKey('')).toBe('');
  });
});
