// The addresses a server of ours is reached at, as the terminal prints them and `--open` opens
// them: a server listening on every interface (`--host 0.0.0.0`) is reached at localhost from
// this machine and at the machine's own addresses from the others (a phone on the same network).
import os from 'node:os';

const ANY = new Set(['0.0.0.0', '::', '']);

/** The origin a browser on this machine uses for a server listening on `host` (any address → localhost). */
export function localOrigin(host: string, port: number): string {
  const local = ANY.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${local}:${port}`;
}

/** For a server listening on every interface: its addresses on this machine's networks (IPv4, loopback left out). */
export function networkUrls(host: string, port: number, interfaces = os.networkInterfaces()): string[] {
  if (!ANY.has(host)) return [];
  return Object.values(interfaces).flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => `http://${i.address}:${port}`);
}

/** "http://localhost:3000", and where others reach it when it listens on every interface. */
export function describeAddress(host: string, port: number): string {
  const others = networkUrls(host, port);
  return others.length ? `${localOrigin(host, port)} (on the network: ${others.join(', ')})` : localOrigin(host, port);
}
