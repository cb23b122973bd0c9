import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1: the OS picks one and it is free when this resolves. Every server
 * the browser tests start (the suite's own, a file's private ones, WebKit's drivers) takes one,
 * so runs side by side never collide.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
