import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the server may send print jobs to (docs/printing.md, "Allowed addresses"):
 * PRINTER_ALLOWED_NETWORKS, the private ranges by default. Loopback (127.0.0.0/8, ::1),
 * link-local (169.254.0.0/16, fe80::/10) and public addresses are not in it, so a printer's
 * address cannot reach the server's own services or hosts elsewhere.
 */
export const DEFAULT_PRINTER_NETWORKS = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  'fc00::/7',
] as const;

export interface Cidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** '192.168.0.0/16', 'fc00::/7' or a bare address (a network of one); null when malformed. */
export function parseCidr(entry: string): Cidr | null {
  const [address = '', bits, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const most = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? most : Number(bits);
  if (prefix > most) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** An IPv4 address written as IPv6 ('::ffff:192.168.1.5') as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The allowed networks of the configuration, asked one address at a time. */
export class PrinterNetworks {
  private readonly list = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const cidr = parseCidr(entry);
      if (!cidr) throw new RangeError(`'${entry}' is not an IP address or CIDR`);
      this.list.addSubnet(cidr.address, cidr.prefix, cidr.family);
    }
  }

  allows(address: string): boolean {
    const plain = plainAddress(address);
    const version = isIP(plain);
    if (version === 0) return false;
    return this.list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  }
}

/** What a printer's host resolved to: an allowed address to connect to, or why there is none. */
export type ResolvedHost =
  | { ok: true; address: string }
  | { ok: false; reason: 'not_found' | 'not_allowed'; addresses: string[] };

/**
 * The address to connect to for `host` (an IP address or a LAN name): every address it
 * resolves to is looked at, the first allowed one is used. The connection then goes to that
 * address, never to the name again (a name that resolves differently the second time cannot
 * slip past the check).
 */
export async function resolvePrinterHost(
  host: string,
  networks: PrinterNetworks,
  timeoutMs: number,
): Promise<ResolvedHost> {
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        lookup(host, { all: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('lookup timed out')), timeoutMs);
        }),
      ]);
      addresses = found.map((entry) => entry.address);
    } catch {
      return { ok: false, reason: 'not_found', addresses: [] };
    } finally {
      clearTimeout(timer);
    }
  }
  const address = addresses.find((candidate) => networks.allows(candidate));
  return address ? { ok: true, address } : { ok: false, reason: 'not_allowed', addresses };
}
