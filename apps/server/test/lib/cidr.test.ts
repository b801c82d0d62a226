import { describe, expect, it } from 'vitest';
import { addressInBlocks, displayAddress, normaliseBlock, normaliseBlocks } from '../../src/lib/cidr.js';

describe('address blocks', () => {
  it('stores IPv4 addresses and blocks normalised: a bare address is a /32, host bits are cleared', () => {
    expect(normaliseBlock('203.0.113.7')).toBe('203.0.113.7/32');
    expect(normaliseBlock(' 203.0.113.7/24 ')).toBe('203.0.113.0/24');
    expect(normaliseBlock('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(normaliseBlock('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normaliseBlock('192.0.2.255/31')).toBe('192.0.2.254/31');
  });

  it('stores IPv6 addresses and blocks in their shortest form', () => {
    expect(normaliseBlock('2001:db8::1')).toBe('2001:db8::1/128');
    expect(normaliseBlock('2001:0DB8:0000:0000:0000:0000:0000:0001/128')).toBe('2001:db8::1/128');
    expect(normaliseBlock('2001:db8:1234::/32')).toBe('2001:db8::/32');
    expect(normaliseBlock('2001:db8:ffff::/33')).toBe('2001:db8:8000::/33');
    expect(normaliseBlock('::/0')).toBe('::/0');
  });

  it('stores an IPv4-mapped IPv6 block as the IPv4 block it maps', () => {
    expect(normaliseBlock('::ffff:192.0.2.1')).toBe('192.0.2.1/32');
    expect(normaliseBlock('::ffff:192.0.2.0/120')).toBe('192.0.2.0/24');
    // Wider than the mapped range: an IPv6 block, kept as such.
    expect(normaliseBlock('::ffff:0:0/80')).toBe('::/80');
  });

  it('refuses what is not an address or a block', () => {
    for (const entry of [
      '',
      'localhost',
      '203.0.113',
      '203.0.113.256',
      '10.1',
      '0x7f.0.0.1',
      '010.0.0.1',
      '203.0.113.0/33',
      '2001:db8::/129',
      '203.0.113.0/',
      '203.0.113.0/-1',
      '203.0.113.0/24/8',
      '203.0.113.0 /24',
      '2001:db8::g',
      'fe80::1%eth0',
      '1.2.3.4, 5.6.7.8',
    ])
      expect(normaliseBlock(entry), entry).toBeNull();
  });

  it('normalises a list: blanks dropped, duplicates once, the first invalid entry named', () => {
    expect(normaliseBlocks(['10.0.0.1', '', '  ', '10.0.0.1/32', '2001:db8::/32', '2001:DB8::/32'])).toEqual({
      blocks: ['10.0.0.1/32', '2001:db8::/32'],
    });
    expect(normaliseBlocks(['10.0.0.1', ' nonsense ', '300.0.0.1'])).toEqual({ invalid: 'nonsense' });
    expect(normaliseBlocks([])).toEqual({ blocks: [] });
  });
});

describe('matching a request address', () => {
  it('matches IPv4 addresses inside a block and not outside', () => {
    expect(addressInBlocks('203.0.113.7', ['203.0.113.0/24'])).toBe(true);
    expect(addressInBlocks('203.0.114.7', ['203.0.113.0/24'])).toBe(false);
    expect(addressInBlocks('203.0.113.7', ['203.0.113.7/32'])).toBe(true);
    expect(addressInBlocks('203.0.113.8', ['203.0.113.7/32'])).toBe(false);
    expect(addressInBlocks('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
  });

  it('matches IPv6 addresses inside a block and not outside', () => {
    expect(addressInBlocks('2001:db8:abcd::5', ['2001:db8::/32'])).toBe(true);
    expect(addressInBlocks('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(addressInBlocks('::1', ['::1/128'])).toBe(true);
  });

  it('matches an IPv4-mapped IPv6 request address against IPv4 blocks', () => {
    expect(addressInBlocks('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressInBlocks('::ffff:203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(addressInBlocks('::ffff:198.51.100.1', ['203.0.113.0/24'])).toBe(false);
    expect(displayAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('never matches across families, and fails closed on what it cannot read', () => {
    expect(addressInBlocks('203.0.113.7', ['::/0'])).toBe(false);
    expect(addressInBlocks('2001:db8::1', ['0.0.0.0/0'])).toBe(false);
    expect(addressInBlocks('not an address', ['0.0.0.0/0', '::/0'])).toBe(false);
    expect(addressInBlocks('203.0.113.7', ['garbage', '203.0.113.0/99'])).toBe(false);
    expect(addressInBlocks('203.0.113.7', [])).toBe(false);
  });
});
