import { DomainError } from '../errors/domain-error';
import { isPublicAddress, literalAddress, parseTargetUrl, refusedAddress } from './target-address';

describe('the private-address rule', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.5.5.5', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.100.100.200', 'carrier-grade NAT (Alibaba metadata)'],
    ['192.0.0.192', 'reserved (Oracle metadata)'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fd00:ec2::254', 'unique local (AWS metadata over IPv6)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:a00:1::', '6to4'],
    ['::7f00:1', 'IPv4-compatible loopback (::127.0.0.1)'],
    ['::a01:203', 'IPv4-compatible private (::10.1.2.3)'],
    ['::808:808', 'IPv4-compatible, even of a public address'],
    ['[::1]', 'bracketed as in a URL'],
    ['not-an-address', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.215.14', '2001:4860:4860::8888', '::ffff:8.8.8.8', '[2606:4700::1111]'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses a name when any of its addresses is private, unless private targets are allowed', () => {
    expect(refusedAddress(['93.184.215.14', '10.0.0.1'], false)).toMatch(/10\.0\.0\.1/);
    expect(refusedAddress(['93.184.215.14'], false)).toBeUndefined();
    expect(refusedAddress(['127.0.0.1'], true)).toBeUndefined();
    expect(refusedAddress([], true)).toMatch(/no address/);
  });

  it('reads literal hosts as WHATWG URL writes them (hex and single-number IPv4 included)', () => {
    expect(literalAddress(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalAddress(new URL('http://[::1]:8080/').hostname)).toBe('::1');
    expect(literalAddress('hooks.slack.com')).toBeUndefined();
  });

  it('accepts http and https URLs only, without credentials', () => {
    expect(parseTargetUrl('https://hooks.example.com/x', 'url').hostname).toBe('hooks.example.com');
    for (const bad of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      'https://u:p@example.com/',
    ]) {
      expect(() => parseTargetUrl(bad, 'url')).toThrow(DomainError);
    }
    expect(() => parseTargetUrl(`https://example.com/${'a'.repeat(2001)}`, 'url')).toThrow(/2000/);
  });
});
