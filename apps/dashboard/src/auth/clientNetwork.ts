import { isIPv6 } from "node:net";

/**
 * The network a client is counted by: its IPv4 address, or for IPv6 its /64. One customer's
 * network usually holds a whole /64, so counting single IPv6 addresses would count nothing.
 */
export function clientNetwork(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!isIPv6(plain)) return plain;
  const [head = "", tail = ""] = plain.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  const groups = plain.includes("::")
    ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
