import { BlockList, isIP } from "node:net";

/**
 * Which IP addresses a webhook may be sent to: only public ones. Used when a subscription is
 * saved (for hosts written as IP literals) and, above all, by the dispatcher at connect time on
 * the address actually dialled, so that a DNS answer that changes after the check (rebinding)
 * cannot reach the internal network.
 */

type Family = "ipv4" | "ipv6";

interface Rule {
  reason: string;
  list: BlockList;
}

function rule(reason: string, subnets: Array<[string, number, Family]>): Rule {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return { reason, list };
}

/** Non-public IPv4 ranges (IANA special-purpose registry), with the reason shown in errors. */
const IPV4_RANGES: Array<[string, number, string]> = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared address space (CGNAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay anycast"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

/** The 32-bit IPv4 network as two hex groups, for the 6to4 prefix (2002:AABB:CCDD::/48). */
function ipv4AsHexGroups(address: string): string {
  const [a, b, c, d] = address.split(".").map(Number) as [number, number, number, number];
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const RULES: Rule[] = [
  rule("cloud metadata", [
    ["169.254.169.254", 32, "ipv4"],
    ["fd00:ec2::254", 128, "ipv6"],
  ]),
  // Each IPv4 range also blocks the IPv6 forms that carry an IPv4 address: IPv4-mapped
  // (::ffff:a.b.c.d, which BlockList maps onto the IPv4 rule by itself), NAT64 (64:ff9b::/96)
  // and 6to4 (2002::/16).
  ...IPV4_RANGES.map(([network, prefix, reason]) =>
    rule(reason, [
      [network, prefix, "ipv4"],
      [`64:ff9b::${network}`, 96 + prefix, "ipv6"],
      [`2002:${ipv4AsHexGroups(network)}::`, 16 + prefix, "ipv6"],
    ]),
  ),
  rule("unspecified", [["::", 128, "ipv6"]]),
  rule("loopback", [["::1", 128, "ipv6"]]),
  rule("IPv4-compatible (deprecated)", [["::", 96, "ipv6"]]),
  rule("NAT64 local use", [["64:ff9b:1::", 48, "ipv6"]]),
  rule("discard-only", [["100::", 64, "ipv6"]]),
  rule("documentation", [["2001:db8::", 32, "ipv6"]]),
  rule("unique local (private)", [["fc00::", 7, "ipv6"]]),
  rule("link-local", [["fe80::", 10, "ipv6"]]),
  rule("site-local (deprecated)", [["fec0::", 10, "ipv6"]]),
  rule("multicast", [["ff00::", 8, "ipv6"]]),
];

/**
 * Why `address` (an IP literal) is not a public address, or null when it is. Anything that is
 * not an IP address is refused too: the caller resolves names first.
 */
export function nonPublicAddressReason(address: string): string | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 0) return "not an IP address";
  const family: Family = version === 4 ? "ipv4" : "ipv6";
  for (const { reason, list } of RULES) {
    if (list.check(bare, family)) return reason;
  }
  return null;
}
