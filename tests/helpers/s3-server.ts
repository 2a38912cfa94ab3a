import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The only key pair s3rver accepts; requests signed (AWS SigV4) with anything else are refused (InvalidAccessKeyId, 403). */
export const FAKE_S3_KEY = 'S3RVER';

export interface FakeS3 {
  /** The S3_* variables of an app that keeps its files in this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver: path-style PutObject, GetObject, HeadObject, DeleteObject, S3's XML errors
 * such as NoSuchKey, SigV4 signatures checked) with one empty bucket, its objects in a temporary folder.
 */
export async function startFakeS3(bucket = 'podo-files'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'podo-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: FAKE_S3_KEY,
      S3_SECRET_ACCESS_KEY: FAKE_S3_KEY,
      S3_PREFIX: 'site',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An address nothing listens on (a store that is down): connections are refused. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers (a store that hangs). */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const s: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    port: (s.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        s.close(() => resolve());
      }),
  };
}
