// A visitor's address as limits count it: an IPv6 address by its /64 (one household or
// server holds a whole /64), and the network around it (IPv4 /16, IPv6 /48).
import net from "node:net";

/** The address (IPv6: its /64) and its network, as limits count them. */
export function addressKeys(address: string): { address: string; network: string } {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (net.isIPv4(plain)) {
    const [a, b] = plain.split(".");
    return { address: plain, network: `${a}.${b}.0.0/16` };
  }
  if (net.isIPv6(plain)) {
    const groups = expandIPv6(plain);
    return { address: `${groups.slice(0, 4).join(":")}::/64`, network: `${groups.slice(0, 3).join(":")}::/48` };
  }
  return { address: plain, network: plain };
}

function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const middle = address.includes("::") ? Array(8 - left.length - right.length).fill("0") : [];
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ""));
}
