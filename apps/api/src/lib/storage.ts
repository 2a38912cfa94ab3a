import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '@podo/config';
import { AppError } from './errors';

/**
 * Where the bytes of uploaded files live (rows of uploaded_files name them by `storageKey`). Two kinds: the data
 * directory of this machine (the default) and S3-compatible object storage (S3_BUCKET set), which several server
 * processes on several machines share. Keys are the random names storeUpload makes; nothing here trusts a client.
 *
 * Faults of the store itself (S3 down, refusing, too slow) are AppError SERVICE_UNAVAILABLE (503), never a 500 or
 * a request left hanging; a key that is not there is null (get) or false (exists).
 */
export interface FileStorage {
  /** `dir` or `s3`: for logs and the health of the deployment, not for behaviour. */
  readonly kind: 'dir' | 's3';
  /** Stores bytes under a new key (a key is written once). */
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes as a stream, or null when nothing is stored under the key. */
  get(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the bytes; deleting a key that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Frees connections (the app's onClose). */
  close(): void;
}

/** Keys are the hex names storeUpload makes; anything else (a path part, a slash) never reaches a file system or a bucket. */
function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(key)) throw new Error(`file storage: bad key ${JSON.stringify(key)}`);
  return key;
}

/** The folder of the data directory the bytes of uploads are kept in. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** DATA_DIR/uploads/<key>, one file per upload, readable by this server's user only (the layout from before S3). */
export class DirStorage implements FileStorage {
  readonly kind = 'dir';
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = uploadsDir(dataDir);
  }
  private file(key: string) {
    return path.join(this.dir, checkedKey(key));
  }
  async put(key: string, bytes: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.file(key), bytes, { flag: 'wx', mode: 0o600 });
  }
  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.file(key))).isFile();
    } catch {
      return false;
    }
  }
  async get(key: string): Promise<Readable | null> {
    if (!(await this.exists(key))) return null;
    return createReadStream(this.file(key));
  }
  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
  close(): void {}
}

export interface S3Settings {
  bucket: string;
  /** For MinIO and other S3-compatible stores (path-style URLs); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's own chain (an instance role, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Put before every key ('' or ending in '/'). */
  prefix: string;
  /** Longest wait for one request to the store, in ms (connecting included). */
  timeoutMs: number;
}

/** Whether an SDK error means the object is not there (GetObject NoSuchKey, HeadObject NotFound, a bare 404). */
const notFound = (e: unknown) =>
  e instanceof S3ServiceException && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);

/**
 * S3-compatible object storage: <prefix>uploads/<key> in one bucket, private (no ACL given: the bucket's default,
 * which must not be public; downloads always go through the API's checks). Each request has a time limit and one
 * retry; what fails is SERVICE_UNAVAILABLE.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      maxAttempts: 2,
      // Checksums only where S3 requires them: older S3-compatible servers do not read the newer trailing ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that accepts the connection and then says nothing fails the request (not only a logged warning).
      requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs, throwOnRequestTimeout: true },
    });
  }
  private objectKey(key: string) {
    return `${this.settings.prefix}uploads/${checkedKey(key)}`;
  }
  /** Runs one request; faults of the store become SERVICE_UNAVAILABLE, a missing object `missing`. */
  private async call<T>(what: string, run: (signal: AbortSignal) => Promise<T>, missing?: () => T): Promise<T> {
    // A whole-call limit besides the socket's (retries included). Not for a download's body, which may take longer:
    // get passes no signal, its socket's inactivity limit still applies.
    const signal = AbortSignal.timeout(this.settings.timeoutMs * 2 + 1000);
    try {
      return await run(signal);
    } catch (e) {
      if (missing && notFound(e)) return missing();
      throw new AppError('SERVICE_UNAVAILABLE', {}, { cause: Object.assign(new Error(`file storage: ${what} failed`), { cause: e }) });
    }
  }
  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call('put', (abortSignal) =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: bytes, ContentType: mime, ContentLength: bytes.length }),
        {
          abortSignal,
        },
      ),
    );
  }
  async get(key: string): Promise<Readable | null> {
    const Key = this.objectKey(key);
    const out = await this.call(
      'get',
      () => this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })),
      () => null,
    );
    return (out?.Body as Readable | undefined) ?? null;
  }
  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    return this.call(
      'head',
      async (abortSignal) => {
        await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }), { abortSignal });
        return true;
      },
      () => false,
    );
  }
  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call(
      'delete',
      (abortSignal) => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key }), { abortSignal }),
      () => undefined,
    );
  }
  close(): void {
    this.client.destroy();
  }
}

/** The storage the configuration names: S3 when S3_BUCKET is set, else the data directory. */
export function createFileStorage(config: Pick<AppConfig, 'dataDir' | 'storage'>): FileStorage {
  return config.storage.s3 ? new S3Storage(config.storage.s3) : new DirStorage(config.dataDir);
}
