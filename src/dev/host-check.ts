/**
 * DNS rebinding guard for dev and preview: a page on `http://evil.example:4700`, a name the attacker points at
 * 127.0.0.1, sends `Host: evil.example:4700`. Like Vite, we answer only names that cannot be rebound: localhost
 * and *.localhost (which browsers resolve to loopback themselves), IP literals, and the --host given.
 */
import { isIP } from 'node:net';

/** The host name of a Host header or an origin's authority, lower-case, brackets and port removed. */
function hostName(authority: string): string | undefined {
  const value = authority.trim().toLowerCase();
  if (value === '') return undefined;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end === -1) return undefined;
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return value.slice(1, end);
  }
  const match = /^([^:]+)(?::\d{1,5})?$/.exec(value);
  return match?.[1];
}

/** Whether a request's Host header names this server, served at `listenHost` (any port). */
export function isAllowedHost(hostHeader: string | undefined, listenHost: string): boolean {
  if (hostHeader === undefined) return false;
  const name = hostName(hostHeader);
  if (!name) return false;
  if (isIP(name) !== 0) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name === listenHost.toLowerCase().replace(/^\[|\]$/g, '');
}

/**
 * Whether an Origin header (sent by browsers on cross-origin requests, such as another site's EventSource) is
 * one of this server's own; no Origin means a same-origin or non-browser request.
 */
export function isAllowedOrigin(origin: string | undefined, listenHost: string): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  return isAllowedHost(url.host, listenHost);
}

/** The answer to a request for a foreign host: plain text, never the site. */
export const FORBIDDEN_HOST_BODY =
  'Forbidden: this server answers only to localhost, IP addresses and the --host it was started with.\n';
