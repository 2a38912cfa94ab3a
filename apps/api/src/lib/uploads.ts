import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { uploadedFiles, type Database } from '@podo/db';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_TYPES } from '@podo/contracts';
import { AppError } from './errors';
import { oneRow } from './rows';
import type { FileStorage } from './storage';
import { hit, secondsUntil } from './throttle';

export { uploadsDir } from './storage';

export type UploadRow = typeof uploadedFiles.$inferSelect;
/** The types an upload can be, read from its bytes. */
export type CertificateMime = (typeof CERTIFICATE_TYPES)[number];
export type UploadMime = CertificateMime;

/** uploaded_files.purpose of a business registration certificate (never served by the public download). */
export const CERTIFICATE_PURPOSE = 'CERTIFICATE';
/** uploaded_files.purpose of an image from POST /files/images (rich text, a member's pictures): public by its id. */
export const IMAGE_PURPOSE = 'IMAGE';
/** uploaded_files.purpose of a file from POST /files (an image or a PDF): public by its id. */
export const FILE_PURPOSE = 'FILE';
/** The purposes GET /file-download serves; every other upload (certificates) only through its own checked calls. */
export const PUBLIC_PURPOSES: readonly string[] = [IMAGE_PURPOSE, FILE_PURPOSE];
/** Purposes whose uploads are claimed later (sign-up); unclaimed ones are purged after UNCLAIMED_UPLOAD_TTL_MS. */
const CLAIMED_PURPOSES = [CERTIFICATE_PURPOSE];
/** Uploads per client address per hour (the upload is anonymous: it happens before sign-up). */
export const UPLOADS_PER_IP_PER_HOUR = 20;
/** Uploads per member per hour (POST /files/images, POST /files with a token). */
export const UPLOADS_PER_MEMBER_PER_HOUR = 100;

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

/** The type a stored upload is served as: one of the accepted types, anything else (an old row) as plain bytes. */
export function servedType(mime: string): CertificateMime | 'application/octet-stream' {
  return Object.hasOwn(EXT, mime) ? (mime as CertificateMime) : 'application/octet-stream';
}

// Control, format (bidi overrides U+202A–U+202E and U+2066–U+2069, marks U+200E/U+200F, zero-width) and line or
// paragraph separators: a name like "evil\u202Egpj.html" would otherwise show as "evillmth.jpg".
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const MAX_NAME_CHARS = 120;

/**
 * The file name a download is offered under: the claimed name in NFC without invisible or control characters,
 * path parts, reserved characters, leading dots or its own extension, cut to 120 characters, plus the extension
 * of the type detected from the bytes. `evil.html` uploaded as a JPEG is `evil.jpg`.
 */
export function safeFileName(name: string | undefined, mime: string, fallback = 'certificate'): string {
  let base = (name ?? '').normalize('NFC').replace(INVISIBLE, '');
  base = base.split(/[\\/]/).pop()!;
  base = base.replace(/["<>|:*?%]/g, '').trim();
  const dot = base.lastIndexOf('.');
  if (dot > 0) base = base.slice(0, dot);
  base = [...base.replace(/^[.\s]+/, '')]
    .slice(0, MAX_NAME_CHARS)
    .join('')
    .replace(/[.\s]+$/, '');
  const type = servedType(mime);
  return `${base || fallback}${type === 'application/octet-stream' ? '.bin' : EXT[type]}`;
}

/** Largest image accepted, in pixels: a 600 dpi A4 scan has 35 million; more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 50_000_000;

const IMAGE_FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/**
 * Decodes an image and encodes it again in the same format: only pixels survive, so anything appended or
 * embedded (HTML or a script after a JPEG header, EXIF and other metadata) is gone. The photo is turned upright
 * by its EXIF orientation first. FILE_INVALID when it does not decode as the type its first bytes claim, or is
 * empty or too large.
 */
export async function reencodeImage(bytes: Buffer, mime: keyof typeof IMAGE_FORMATS): Promise<Buffer> {
  const format = IMAGE_FORMATS[mime];
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' });
    const meta = await image.metadata();
    if (meta.format !== format || !meta.width || !meta.height) throw new Error(`decoded as ${meta.format}`);
    const out = image.rotate();
    if (format === 'jpeg') return await out.jpeg({ quality: 90 }).toBuffer();
    if (format === 'png') return await out.png().toBuffer();
    return await out.webp({ quality: 90 }).toBuffer();
  } catch (e) {
    throw new AppError('FILE_INVALID', {}, { cause: e });
  }
}

// ---- PDF: refuse active content ----

/**
 * Names that make a PDF act rather than show: scripts (a /JavaScript action or name tree), starting programs,
 * attached or embedded files, Flash and 3D media, XFA forms, posting or importing form data. They are long
 * enough that random bytes (compressed images) never spell them, so the whole file is searched.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'GoToE',
  'RichMedia',
  'XFA',
  'SubmitForm',
  'ImportData',
]);
/** A PDF name: up to a delimiter or white space (NUL included). */
// eslint-disable-next-line no-control-regex
const NAME = /\/([^\x00\t\n\f\r ()<>[\]{}/%]*)/g;
/** A script entry (/JS followed by a string or a reference): short, so only looked for outside stream data. */
const JS_ENTRY = /\/JS\s*(?:[(<]|\d+\s+\d+\s+R)/;
/** HTML in a PDF only serves a browser that takes the file for a page. */
const HTML_MARKS = /<(?:script|html|!doctype\s+html|iframe|object|embed)\b/i;
/** Bytes decoded from the streams of one PDF, at most (a deflate bomb stops here). */
const PDF_INFLATE_BUDGET = 64 * 1024 * 1024;

/** `#xx` escapes in names decoded (/J#61vaScript is /JavaScript). */
const decodeNames = (text: string) =>
  text.replace(NAME, (m) =>
    m.includes('#') ? m.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : m,
  );

function activeName(text: string): string | null {
  for (const [, name] of decodeNames(text).matchAll(NAME)) if (name !== undefined && ACTIVE_NAMES.has(name)) return name;
  return null;
}

/** The filters of a stream dictionary in order (/Filter /FlateDecode or /Filter [/A85 /Fl]). */
function streamFilters(dict: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict)?.[1];
  if (filter === undefined) return [];
  return [...filter.matchAll(/\/([^\s/<>[\]()]+)/g)].flatMap(([, name]) => (name === undefined ? [] : [name]));
}

function asciiHex(data: Buffer): Buffer {
  const hex = data.toString('latin1').replace(/\s+/g, '').replace(/>.*$/s, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Buffer): Buffer {
  const text = data.toString('latin1').replace(/\s+/g, '').replace(/^<~/, '').replace(/~>.*$/s, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (group[i] ?? 84);
    for (let i = 0; i < n - 1; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const c of text) {
    if (c === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else if (c >= '!' && c <= 'u') {
      group.push(c.charCodeAt(0) - 33);
      if (group.length === 5) flush(5);
    } else throw new Error('bad ASCII85');
  }
  if (group.length) flush(group.length);
  return Buffer.from(out);
}

/** A stream's data decoded through its filters; null when one of them is not supported (images: DCT, JBIG2…). */
function decodeStream(data: Buffer, filters: string[], budget: { left: number }): Buffer | null {
  let out = data;
  for (const f of filters) {
    if (f === 'FlateDecode' || f === 'Fl') {
      if (budget.left <= 0) throw new Error('PDF streams decode to too much data');
      // A stream may end without its checksum or carry a few stray bytes: take what inflates.
      out = zlib.inflateSync(out, { maxOutputLength: budget.left, finishFlush: zlib.constants.Z_SYNC_FLUSH });
      budget.left -= out.length;
    } else if (f === 'ASCIIHexDecode' || f === 'AHx') out = asciiHex(out);
    else if (f === 'ASCII85Decode' || f === 'A85') out = ascii85(out);
    else return null;
  }
  return out;
}

/**
 * The dictionary (without its << >>) that ends right before index `at` (a `stream` keyword) and starts after
 * `floor` (the end of the previous stream's data); undefined when no `>>` comes right before (the word was not a
 * stream keyword), null when its start cannot be found.
 */
function dictionaryBefore(text: string, at: number, floor: number): string | null | undefined {
  let end = at - 1;
  while (end > floor && /\s/.test(text.charAt(end))) end--;
  if (text[end] !== '>' || text[end - 1] !== '>') return undefined;
  let depth = 0;
  for (let i = end; i > floor; i--) {
    if (text[i] === '>' && text[i - 1] === '>') {
      depth++;
      i--;
    } else if (text[i] === '<' && text[i - 1] === '<') {
      i--;
      if (--depth === 0) return text.slice(i + 2, end - 1);
    }
  }
  return null;
}

/**
 * Why a PDF is refused, or null when it is only a document. Looks for active names in the whole file, and in the
 * object streams (compressed dictionaries) decoded; for the short /JS entry, outside stream data. Names are read
 * with their #xx escapes decoded. An object stream that cannot be decoded (an unknown filter, a predictor,
 * encryption) cannot be checked, so it is refused too.
 */
export function pdfActiveContent(bytes: Buffer): string | null {
  const text = bytes.toString('latin1');
  if (HTML_MARKS.test(text)) return 'HTML';
  const found = activeName(text);
  if (found) return found;
  const budget = { left: PDF_INFLATE_BUDGET };
  const outside: string[] = [];
  let from = 0;
  const STREAM = /(?<!end)stream(?:\r\n|\n|\r)/g;
  for (let m; (m = STREAM.exec(text));) {
    const dict = dictionaryBefore(text, m.index, from);
    if (dict === undefined) continue;
    if (dict === null) return 'unreadable stream dictionary';
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    const stop = end < 0 ? text.length : end;
    outside.push(text.slice(from, start));
    from = STREAM.lastIndex = stop;

    // Only object streams hold dictionaries; other streams (pages, images, fonts) are never read as objects.
    const plain = decodeNames(dict);
    if (!/\/Type\s*\/ObjStm\b/.test(plain) && !/\/First\b/.test(plain)) continue;
    const filters = streamFilters(plain);
    if (Number(/\/Predictor\s+(\d+)/.exec(plain)?.[1] ?? 1) > 1) return 'unreadable object stream';
    let decoded: Buffer | null;
    try {
      decoded = decodeStream(bytes.subarray(start, stop), filters, budget);
    } catch {
      decoded = null;
    }
    if (!decoded) return 'unreadable object stream';
    const inner = decoded.toString('latin1');
    if (HTML_MARKS.test(inner)) return 'HTML';
    const name = activeName(inner);
    if (name) return name;
    if (JS_ENTRY.test(decodeNames(inner))) return 'JS';
  }
  outside.push(text.slice(from));
  return JS_ENTRY.test(decodeNames(outside.join(''))) ? 'JS' : null;
}

/**
 * Reads the one file of a multipart request (at most `maxBytes`) and checks that it is what its bytes claim and one
 * of `types`. FILE_REQUIRED when there is none (or it is empty), FILE_TOO_LARGE past the limit,
 * FILE_TYPE_NOT_ALLOWED unless its bytes are one of `types` (JPEG, PNG, WEBP, PDF), FILE_INVALID for an image that
 * does not decode, FILE_UNSAFE for a PDF with active content. Images come back re-encoded (reencodeImage): those are
 * the bytes to store. The name is cleaned (safeFileName, `fallback` when nothing is left of it). The multipart parser
 * must be registered in the route's scope, with a fileSize limit of at least `maxBytes`.
 */
/**
 * The one file of a multipart request, whole, within `maxBytes`: FILE_REQUIRED without one (or an empty one),
 * FILE_TOO_LARGE past the limit, BAD_REQUEST for more parts than a form of one file has. Its type is the caller's
 * to check.
 */
export async function receiveFile(req: FastifyRequest, maxBytes: number): Promise<{ filename: string | undefined; bytes: Buffer }> {
  const mb = Math.round(maxBytes / 1024 / 1024);
  if (!req.isMultipart()) throw new AppError('FILE_REQUIRED');
  let bytes: Buffer;
  let filename: string | undefined;
  try {
    const part = await req.file({ limits: { files: 1, fileSize: maxBytes, fields: 10, parts: 12 } });
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
  return { filename, bytes };
}

export async function receiveUpload(
  req: FastifyRequest,
  opts: { types: readonly UploadMime[]; maxBytes: number; fallbackName?: string },
): Promise<{ name: string; mime: UploadMime; bytes: Buffer }> {
  const received = await receiveFile(req, opts.maxBytes);
  let bytes = received.bytes;
  const filename = received.filename;
  const mime = sniffCertificateType(bytes);
  if (!mime || !opts.types.includes(mime)) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  if (mime === 'application/pdf') {
    const active = pdfActiveContent(bytes);
    if (active) {
      req.log.info({ upload: { refused: active } }, 'PDF upload refused: active content');
      throw new AppError('FILE_UNSAFE');
    }
  } else {
    bytes = await reencodeImage(bytes, mime);
  }
  return { name: safeFileName(filename, mime, opts.fallbackName), mime, bytes };
}

/** A business registration certificate: receiveUpload with its types (JPEG, PNG, WEBP, PDF) and CERTIFICATE_MAX_BYTES. */
export function receiveCertificate(req: FastifyRequest): Promise<{ name: string; mime: CertificateMime; bytes: Buffer }> {
  return receiveUpload(req, { types: CERTIFICATE_TYPES, maxBytes: CERTIFICATE_MAX_BYTES });
}

/** Counts an upload against the per-address limit (TOO_MANY_REQUESTS past it). */
export async function assertUploadAllowed(db: Database, ip: string): Promise<void> {
  const state = await hit(db, `upload:ip:${ip}`, 3600_000);
  if (state.count > UPLOADS_PER_IP_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', { seconds: secondsUntil(state.resetAt) });
}

/** Counts a member's upload against the per-member limit (TOO_MANY_REQUESTS past it). */
export async function assertMemberUploadAllowed(db: Database, userId: number): Promise<void> {
  const state = await hit(db, `upload:user:${userId}`, 3600_000);
  if (state.count > UPLOADS_PER_MEMBER_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', { seconds: secondsUntil(state.resetAt) });
}

/** An upload no sign-up claimed within this time is deleted (row and bytes). */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 3600_000;

/**
 * Deletes uploads of a purpose that waits for a claim (certificates) that nobody claimed for
 * UNCLAIMED_UPLOAD_TTL_MS, and inquiry attachments no inquiry took in that time: abandoned sign-ups and
 * inquiries leave no files behind. Images and files (POST /files…) are kept.
 */
export async function purgeUnclaimedUploads(db: Database, storage: FileStorage, olderThanMs = UNCLAIMED_UPLOAD_TTL_MS): Promise<number> {
  const gone = await db
    .delete(uploadedFiles)
    .where(
      and(
        lt(uploadedFiles.createdAt, new Date(Date.now() - olderThanMs)),
        or(
          and(inArray(uploadedFiles.purpose, CLAIMED_PURPOSES), isNull(uploadedFiles.ownerUserId)),
          and(eq(uploadedFiles.purpose, 'QNA'), sql`not exists (select 1 from qna_files f where f.file_id = ${uploadedFiles.id})`),
        ),
      ),
    )
    .returning({ storageKey: uploadedFiles.storageKey });
  await Promise.all(gone.map((g) => storage.delete(g.storageKey)));
  return gone.length;
}

/**
 * Stores the bytes in the file storage under a new random key and records name, type, size and SHA-256; the owner
 * when given (a member's image), else none yet (a certificate before sign-up, claimed by claimUpload). The name and
 * type are taken as given: pass what receiveUpload answered.
 */
export async function storeUpload(
  db: Database,
  storage: FileStorage,
  file: { purpose: string; name: string; mime: string; bytes: Buffer; ip?: string; ownerUserId?: number },
): Promise<UploadRow> {
  const storageKey = randomBytes(16).toString('hex');
  await storage.put(storageKey, file.bytes, file.mime);
  try {
    const rows = await db
      .insert(uploadedFiles)
      .values({
        purpose: file.purpose,
        originalName: file.name,
        mime: file.mime,
        size: file.bytes.length,
        sha256: createHash('sha256').update(file.bytes).digest('hex'),
        storageKey,
        ownerUserId: file.ownerUserId,
        uploaderIp: file.ip,
      })
      .returning();
    return oneRow(rows, 'insert into uploaded_files');
  } catch (e) {
    // No row, no bytes: the stored object would be reachable by nothing.
    await storage.delete(storageKey).catch(() => undefined);
    throw e;
  }
}

/** Where a public upload (IMAGE, FILE) can be fetched: GET /api/v1/file-download under its cleaned name. */
export function uploadUrl(row: Pick<UploadRow, 'id' | 'originalName'>): string {
  return `/api/v1/file-download?${new URLSearchParams({ id: row.id, filename: row.originalName }).toString()}`;
}

/** The answer of an upload call: `{ id, name, mime, size, url }` (url: uploadUrl). */
export function uploadAnswer(row: UploadRow): { id: string; name: string; mime: string; size: number; url: string } {
  return { id: row.id, name: row.originalName, mime: row.mime, size: row.size, url: uploadUrl(row) };
}

/**
 * A public upload (IMAGE or FILE) by its id; NOT_FOUND for an unknown id and for every other purpose, so a business
 * certificate is never reachable this way.
 */
export async function publicUpload(db: Database, id: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, id), inArray(uploadedFiles.purpose, [...PUBLIC_PURPOSES])))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
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

/** A stored file's bytes as a stream; NOT_FOUND when the bytes are gone, SERVICE_UNAVAILABLE when the storage fails. */
export async function openUpload(storage: FileStorage, row: UploadRow): Promise<Readable> {
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new AppError('NOT_FOUND');
  return stream;
}

/**
 * Sends a stored upload as a download, never shown in the page: an attachment under a cleaned name with the
 * extension of its type (safeFileName), nosniff, and a CSP that lets nothing run should a browser open it anyway;
 * never cached by shared caches. The name is cleaned again here, for files stored before these rules; `name` offers
 * another one (cleaned the same way).
 */
export async function sendUpload(
  reply: FastifyReply,
  storage: FileStorage,
  file: UploadRow,
  opts: { name?: string; fallbackName?: string } = {},
) {
  const stream = await openUpload(storage, file);
  const type = servedType(file.mime);
  return reply
    .header('content-type', type)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(safeFileName(opts.name ?? file.originalName, type, opts.fallbackName)))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** Content-Disposition for a download: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  // Only printable ASCII in the fallback; quotes, backslashes and percent signs (some browsers decode %xx) go too.
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

const encodeRfc5987 = (s: string) => encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
