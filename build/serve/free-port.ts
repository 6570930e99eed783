// Ports near a busy one: the next free one a server takes when its default port is in use
// (listenNear, as Vite does for a port nobody asked for), and the one the "port in use" hint of
// `npm run dev` and `npm run preview` suggests when a port named with --port is taken (a
// suggestion that is busy too helps nobody). One loop serves both.
import net from 'node:net';
import { listen } from './server.ts';

/** Ports after a busy one that `listenNear` tries. */
const NEAR_PORTS = 20;

/**
 * Listens on `port`, or, when it is taken, on the next free one of the `span` after it. A port
 * asked for by name is strict: use `listen`.
 */
export async function listenNear(server: net.Server, port: number, host?: string, span = NEAR_PORTS): Promise<number> {
  for (let p = port; ; p++) {
    try {
      return await listen(server, p, host);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || p >= Math.min(65535, port + span)) throw e;
    }
  }
}

/** The line a server that moved off the port it was given prints (nothing when it did not move). */
export function movedPortNote(asked: number, got: number): string | undefined {
  return got !== asked && asked !== 0 ? `Port ${asked} is in use: serving on ${got} instead (--port N names one).` : undefined;
}

/** The first free port after `busy` (up to 100 further), or a free port the system picks. */
export async function freePortNear(busy: number, host = 'localhost'): Promise<number> {
  const probe = net.createServer();
  let port: number;
  try {
    port = await listenNear(probe, busy + 1, host, 99);
  } catch {
    port = await listen(probe, 0, host);
  }
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
