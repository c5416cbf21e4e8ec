import { MESSAGES } from "../shared/messages.ts";

// The page a capture may be asked for (ADR 024): a public web page. The capture provider opens the URL from
// its own network, so an address of ours or of a private network (loopback, the LAN, a cloud's metadata
// service at 169.254.169.254) would have it read, and print in the client's report, what no client may
// see. The rule is here, pure, so the web says the same as the API; the API also resolves the host name
// and refuses one whose addresses are private (legalization/capture-url.ts).

/** Host names that are never a public page's: the machine itself, a LAN's mDNS, a cloud's internal zone. */
const PRIVATE_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"];

/** IPv4 ranges no public page is at: [first address as a number, prefix length]. */
const PRIVATE_V4: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network": 0.0.0.0 reaches the machine itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT, shared address space
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, where the clouds' metadata services answer
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

function v4Number(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function isPrivateV4(value: number): boolean {
  return PRIVATE_V4.some(([first, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(first) as number;
    return value >= start && value < start + size;
  });
}

/** The 8 groups of an IPv6 address (with "::" and a trailing dotted IPv4 allowed), or null. */
function v6Groups(address: string): number[] | null {
  const halves = address.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        const v4 = v4Number(piece);
        if (v4 === null) return null;
        groups.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0] ?? "");
  const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

function isPrivateV6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedV4 = g6 * 65536 + g7;
  const zeroTo = (n: number) => groups.slice(0, n).every((g) => g === 0);
  if (zeroTo(8)) return true; // ::, the unspecified address
  if (zeroTo(7) && g7 === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address is what is reached.
  if (zeroTo(5) && (g5 === 0xffff || g5 === 0)) return isPrivateV4(embeddedV4);
  // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::): a gateway reaches the IPv4 address inside.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isPrivateV4(embeddedV4);
  }
  if (g0 === 0x2002) return isPrivateV4(g1 * 65536 + g2);
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7, unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10, link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10, the old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return g0 === 0x2001 && g1 === 0x0db8; // documentation
}

/**
 * Whether an IP address (IPv4 dotted, or IPv6, with or without brackets) is one no public page is at.
 * Anything that is not an IP address is not one: a host name is judged by `captureUrlProblem`.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const v4 = v4Number(bare);
  if (v4 !== null) return isPrivateV4(v4);
  const v6 = bare.includes(":") ? v6Groups(bare) : null;
  return v6 !== null && isPrivateV6(v6);
}

/**
 * The Italian reason a URL cannot be captured, or null. The URL is read the way browsers and fetch read it
 * (WHATWG), so the spellings of an address (http://2130706433/, http://0x7f.1/, http://[::ffff:7f00:1]/)
 * come out as the address they reach.
 */
export function captureUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return MESSAGES.captureUrlInvalid;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return MESSAGES.captureUrlInvalid;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "") return MESSAGES.captureUrlInvalid;
  if (isPrivateAddress(host)) return MESSAGES.captureUrlPrivate;
  // A public address: the parser has already turned every other spelling of a number into one.
  if (host.startsWith("[") || v4Number(host) !== null) return null;
  // A name of one label (http://intranet/, http://metadata/) is found through the local network's search
  // domains, never on the public web.
  if (!host.includes(".")) return MESSAGES.captureUrlPrivate;
  if (host === "localhost" || PRIVATE_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return MESSAGES.captureUrlPrivate;
  }
  return null;
}
