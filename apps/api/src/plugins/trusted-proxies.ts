// Which peers may speak for the client in X-Forwarded-For/-Proto/-Host (TRUST_PROXY, docs/hardening.md "Behind a
// proxy"): a hop count or the proxies' addresses, never "everyone", so the client IP is the right-most entry no
// trusted proxy wrote and a client cannot choose the IP that rate limits and the audit log see.
import { BlockList, isIP } from 'node:net';

/** TRUST_PROXY parsed: no proxy, the number of proxies in front of the server, or their addresses and subnets. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's signature, which Fastify calls with each address from the socket's (hop 0) leftwards. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY too. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** IPv4 as a dual-stack socket reports it (::ffff:10.0.0.1) is the IPv4 address. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Adds one TRUST_PROXY entry to `list`; the reason it is not an address, subnet or range name otherwise. */
function addEntry(list: BlockList, entry: string): string | undefined {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) {
    for (const range of named) addEntry(list, range);
    return undefined;
  }
  const [rawAddress = '', prefix, extra] = entry.split('/');
  const address = plainAddress(rawAddress);
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `"${entry}" is not an IP address or subnet`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return undefined;
  }
  const bits = Number(prefix);
  if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128))
    return `"${entry}" has no valid prefix length`;
  list.addSubnet(address, bits, type);
  return undefined;
}

export const TRUST_PROXY_HELP =
  'set TRUST_PROXY to the number of proxies in front of the server (e.g. 1) or their addresses/subnets, comma-separated (e.g. 10.0.0.0/8,127.0.0.1)';

/** TRUST_PROXY's text as a setting, or why it is refused; `true` is refused because it trusts any client. */
export function parseTrustProxy(text: string | undefined): TrustProxy | { error: string } {
  const value = (text ?? '').trim();
  if (['', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (['true', 'yes'].includes(value.toLowerCase()))
    return {
      error: `"${value}" would let any client choose its IP through X-Forwarded-For: ${TRUST_PROXY_HELP}`,
    };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 16
      ? { hops }
      : { error: `${value} proxies is not plausible: ${TRUST_PROXY_HELP}` };
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  const probe = new BlockList();
  for (const entry of addresses) {
    const problem = entry === '' ? 'an entry is empty' : addEntry(probe, entry);
    if (problem) return { error: `${problem}: ${TRUST_PROXY_HELP}` };
  }
  return { addresses };
}

/**
 * The function Fastify (proxy-addr) asks whether the peer at `hop` (0: the socket's) is a trusted proxy; false when
 * no proxy is trusted. A hop count trusts the socket's peer and the next hops - 1 entries whoever they are, so it
 * fits only a server that nothing but its proxies can reach; addresses trust exactly those peers.
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of setting.addresses) addEntry(list, entry);
  return (address) => {
    const plain = plainAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
