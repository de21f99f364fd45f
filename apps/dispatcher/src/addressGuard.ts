import { type LookupAddress, type LookupOptions, lookup as systemLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { hostRefusal, nonPublicAddressReason } from "@svc/core";

export const ADDRESS_REFUSED = "ERR_WEBHOOK_ADDRESS_REFUSED";

/** A connection the SSRF guard would not make. Counts as a failed attempt. */
export class RefusedAddressError extends Error {
  readonly code = ADDRESS_REFUSED;

  constructor(message: string) {
    super(message);
    this.name = "RefusedAddressError";
  }
}

type Resolver = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const resolveAll: Resolver = (hostname, options, callback) => systemLookup(hostname, options, callback);

/**
 * A `lookup` for the HTTP agent that refuses non-public addresses. It runs when the socket is
 * about to connect, on the very answer the socket will use, so a DNS answer that changed since
 * the URL was saved (DNS rebinding) is caught. A name with any non-public address is refused
 * outright rather than filtered: such a name is not a trustworthy webhook target.
 */
export function guardedLookup(resolve: Resolver = resolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", undefined);
      const refused = addresses
        .map((entry) => [entry.address, nonPublicAddressReason(entry.address)] as const)
        .find(([, reason]) => reason);
      if (refused) {
        return callback(
          new RefusedAddressError(
            `Refused to connect to ${hostname} (${refused[0]}): a ${refused[1]} address. Only public addresses are allowed.`,
          ),
          "",
          undefined,
        );
      }
      const first = addresses[0];
      if (!first) {
        const notFound: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        notFound.code = "ENOTFOUND";
        return callback(notFound, "", undefined);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * What can be refused before dialling: the scheme, and hosts written as IP literals or
 * `localhost` (a literal address is connected to without any lookup, so the guard above
 * would never see it).
 */
export function refuseBeforeConnect(url: URL): RefusedAddressError | null {
  if (url.protocol !== "https:") return new RefusedAddressError(`Refused ${url.protocol} URL: only https is allowed.`);
  const reason = hostRefusal(url.hostname);
  return reason ? new RefusedAddressError(`Refused to connect to ${url.hostname}: ${reason}. Only public addresses are allowed.`) : null;
}
