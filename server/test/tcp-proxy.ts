import { createServer, connect, type Socket } from 'node:net';

interface Pair {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
}

/**
 * A TCP proxy to `target` for tests of a network gone quiet: `freeze()` stops forwarding on
 * every connection open at that moment, both ways, without closing it (what a dead route or a
 * peer gone without a reset looks like: a half-open connection). Connections made later are
 * forwarded as usual.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<Pair>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: Pair = { client, upstream, frozen: false };
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (!pair.frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!pair.frozen) client.write(chunk);
    });
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('close', close);
      socket.on('error', close);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    port: address.port,
    /** How many connections are open through the proxy now. */
    get open() {
      return pairs.size;
    },
    freeze() {
      for (const pair of pairs) pair.frozen = true;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
