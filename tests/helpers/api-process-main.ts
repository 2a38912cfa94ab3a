/**
 * A server process for tests that need several (cache invalidation across processes): the product's createServer
 * without the web build, configured from the environment like `npm start`, on a free port. Prints `ready <port>`.
 * Run with `node --import tsx` (see api-process.ts).
 */
import { loadConfig } from '@podo/config';
import { createServer } from '@podo/server';

const config = loadConfig(process.env, process.cwd());
const app = await createServer({ config, logger: { level: config.logLevel } });
const stop = () => {
  void app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
