import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { uploadedFiles, type Database } from '@podo/db';
import { CERTIFICATE_MAX_BYTES, type CERTIFICATE_TYPES } from '@podo/contracts';
import { AppError } from './errors';
import { hit, secondsUntil } from './throttle';

export type UploadRow = typeof uploadedFiles.$inferSelect;
export type CertificateMime = (typeof CERTIFICATE_TYPES)[number];

/** uploaded_files.purpose of a business registration certificate. */
export const CERTIFICATE_PURPOSE = 'CERTIFICATE';
/** Uploads per client address per hour (the upload is anonymous: it happens before sign-up). */
export const UPLOADS_PER_IP_PER_HOUR = 20;

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * The real type of a file from its first bytes (magic numbers), never from its name or the browser's claim:
 * JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WEBP 'RIFF'....'WEBP', PDF '%PDF-'. Anything else is null.
 */
export function sniffCertificateType(buf: Buffer): CertificateMime | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(buf, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const EXT: Record<CertificateMime, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/** A display name without path parts or control characters (kept for the download's file name). */
export function safeFileName(name: string | undefined, mime: CertificateMime): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .slice(0, 200);
  return base || `certificate${EXT[mime]}`;
}

/**
 * Reads the one file of a multipart request (limits: 1 file, CERTIFICATE_MAX_BYTES) and checks its type.
 * FILE_REQUIRED when there is none (or it is empty), FILE_TOO_LARGE past the limit, FILE_TYPE_NOT_ALLOWED
 * unless its bytes are a JPEG, PNG, WEBP or PDF. The multipart parser must be registered in the route's scope.
 */
export async function receiveCertificate(req: FastifyRequest): Promise<{ name: string; mime: CertificateMime; bytes: Buffer }> {
  const mb = Math.round(CERTIFICATE_MAX_BYTES / 1024 / 1024);
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  let bytes: Buffer;
  let filename: string | undefined;
  try {
    const part = await req.file({ limits: { files: 1, fileSize: CERTIFICATE_MAX_BYTES, fields: 10, parts: 12 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    filename = part.filename;
    bytes = await part.toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { mb });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('BAD_REQUEST');
    throw e;
  }
  if (bytes.length === 0) throw new AppError('FILE_REQUIRED');
  const mime = sniffCertificateType(bytes);
  if (!mime) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  return { name: safeFileName(filename, mime), mime, bytes };
}

/** Counts an upload against the per-address limit (TOO_MANY_REQUESTS past it). */
export async function assertUploadAllowed(db: Database, ip: string): Promise<void> {
  const state = await hit(db, `upload:ip:${ip}`, 3600_000);
  if (state.count > UPLOADS_PER_IP_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', { seconds: secondsUntil(state.resetAt) });
}

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** An upload no sign-up claimed within this time is deleted (row and bytes). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 10 * 60_000;
let lastPurge = 0;

/** Deletes uploads nobody claimed for UNCLAIMED_UPLOAD_TTL_MS: abandoned sign-ups leave no files behind. */
export async function purgeUnclaimedUploads(db: Database, dataDir: string, olderThanMs = UNCLAIMED_UPLOAD_TTL_MS): Promise<number> {
  const gone = await db
    .delete(uploadedFiles)
    .where(and(isNull(uploadedFiles.ownerUserId), lt(uploadedFiles.createdAt, new Date(Date.now() - olderThanMs))))
    .returning({ storageKey: uploadedFiles.storageKey });
  await Promise.all(gone.map((g) => rm(path.join(uploadsDir(dataDir), g.storageKey), { force: true })));
  return gone.length;
}

/** Stores the bytes under DATA_DIR/uploads/<random> and records name, type, size and SHA-256 (no owner yet). */
export async function storeUpload(
  db: Database,
  dataDir: string,
  file: { purpose: string; name: string; mime: string; bytes: Buffer; ip?: string },
): Promise<UploadRow> {
  if (Date.now() - lastPurge > PURGE_EVERY_MS) {
    lastPurge = Date.now();
    await purgeUnclaimedUploads(db, dataDir);
  }
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = randomBytes(16).toString('hex');
  await writeFile(path.join(dir, storageKey), file.bytes, { flag: 'wx', mode: 0o600 });
  const [row] = await db
    .insert(uploadedFiles)
    .values({
      purpose: file.purpose,
      originalName: file.name,
      mime: file.mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      storageKey,
      uploaderIp: file.ip,
    })
    .returning();
  return row;
}

/**
 * Gives an unclaimed upload to a member (sign-up, or a new certificate in change-user). A file can be claimed
 * once: a second claim, an unknown id or another purpose is FILE_REQUIRED. Pass a transaction to make the claim
 * part of the change.
 */
export async function claimUpload(db: Database, opts: { fileId: string; userId: number; purpose: string }): Promise<UploadRow> {
  const [row] = await db
    .update(uploadedFiles)
    .set({ ownerUserId: opts.userId })
    .where(and(eq(uploadedFiles.id, opts.fileId), eq(uploadedFiles.purpose, opts.purpose), isNull(uploadedFiles.ownerUserId)))
    .returning();
  if (!row) throw new AppError('FILE_REQUIRED');
  return row;
}

/** A stored file's bytes as a stream; NOT_FOUND when the bytes are gone. */
export async function openUpload(dataDir: string, row: UploadRow): Promise<ReadStream> {
  const file = path.join(uploadsDir(dataDir), path.basename(row.storageKey));
  try {
    await stat(file);
  } catch {
    throw new AppError('NOT_FOUND');
  }
  return createReadStream(file);
}

/** Sends a stored upload as a download, with its type and (UTF-8) file name; never cached by shared caches. */
export async function sendUpload(reply: FastifyReply, dataDir: string, file: UploadRow) {
  const stream = await openUpload(dataDir, file);
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.originalName))
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
