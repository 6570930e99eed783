// A port that is free right now, near the one that was busy: what the "port in use" hint of
// `npm run dev` and `npm run preview` suggests (a suggestion that is busy too helps nobody).
import net from 'node:net';

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The first free port after `busy` (up to 100 further), or a free port the system picks. */
export async function freePortNear(busy: number, host = 'localhost'): Promise<number> {
  for (let port = busy + 1; port <= Math.min(65535, busy + 100); port++) if (await isFree(port, host)) return port;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
