import ipaddr from 'ipaddr.js';
import { DomainError } from '../errors/domain-error';

/**
 * The one rule for where Bunting may send a request on a user's behalf (webhooks, Slack
 * messages): an http(s) URL whose host is a public unicast address. Loopback, private,
 * carrier-grade NAT, link-local (the cloud metadata address 169.254.169.254 among them), unique
 * local, multicast, reserved and the IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo, the deprecated IPv4-compatible ::/96) are refused, unless the deployment allows private targets. Pure: the DNS
 * lookup that feeds it is `OutboundHttp`'s.
 */

/** Largest target URL, in characters. */
export const TARGET_URL_MAX_LENGTH = 2000;

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    // IPv4-compatible (::/96, deprecated), which ipaddr.js calls unicast: refused whatever it embeds.
    if (v6.parts.slice(0, 6).every((p) => p === 0)) return false;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** The host of a URL as a literal address, or undefined when it is a name to resolve. */
export function literalAddress(hostname: string): string | undefined {
  // WHATWG URL parsing already wrote any IPv4 form (hex, one number) as four decimals.
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : undefined;
}

/**
 * Checks a target URL's form (http or https, a host, no credentials, at most
 * TARGET_URL_MAX_LENGTH characters) and returns it parsed; `attr` names the field in the 400.
 */
export function parseTargetUrl(value: string, attr: string): URL {
  if (value.length > TARGET_URL_MAX_LENGTH) {
    throw DomainError.invalid(
      `Ensure this field has no more than ${TARGET_URL_MAX_LENGTH} characters.`,
      attr,
      'max_length',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw DomainError.invalid('Enter a valid URL.', attr, 'invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw DomainError.invalid('The URL must use http or https.', attr, 'invalid');
  }
  if (url.hostname === '') throw DomainError.invalid('Enter a valid URL.', attr, 'invalid');
  if (url.username !== '' || url.password !== '') {
    throw DomainError.invalid('The URL must not carry a user name or password.', attr, 'invalid');
  }
  return url;
}

/** Why `addresses` (what the target's host resolved to) may not be sent to, or undefined when they may. */
export function refusedAddress(addresses: readonly string[], allowPrivate: boolean): string | undefined {
  if (addresses.length === 0) return 'the host resolves to no address';
  if (allowPrivate) return undefined;
  const refused = addresses.find((a) => !isPublicAddress(a));
  return refused === undefined
    ? undefined
    : `the host resolves to ${refused}, a loopback, private, link-local or reserved address`;
}
