import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../rules';
import { defineOperation } from '../operation';

const tags = ['files'] as const;
const mb = UPLOAD_MAX_BYTES / 1024 / 1024;

/** A stored upload: its id, cleaned name, type (from its bytes), size in bytes and where it can be fetched. */
export const ZStoredFile = z.object({
  id: z.uuid(),
  name: z.string().meta({ example: '라벨.jpg' }),
  mime: z.string().meta({ example: 'image/jpeg' }),
  size: z.number().int(),
  url: z.string().meta({ example: '/api/v1/file-download?id=…&filename=%EB%9D%BC%EB%B2%A8.jpg' }),
});
export const ZStoredFileResult = z.object({ data: ZStoredFile });
export type TStoredFile = z.infer<typeof ZStoredFile>;

export const ZFileDownloadQuery = z.object({
  id: z.uuid({ message: 'fileId' }),
  /** The name to offer (cleaned, with the extension of the stored type); default the uploaded one. */
  filename: z.string().max(255).optional(),
});

const uploadErrors = ['FILE_REQUIRED', 'FILE_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED', 'FILE_INVALID', 'TOO_MANY_REQUESTS'] as const;

export const uploadImage = defineOperation({
  method: 'POST',
  path: '/files/images',
  tags,
  summary: 'Upload an image (multipart, one file: JPG, PNG or WEBP); answers its id and URL',
  description: `One file in any multipart field, up to ${mb} MB; the type is read from its bytes and the picture is encoded again (metadata and anything appended are dropped). The image is public to whoever has its URL. At most 100 uploads per member an hour.`,
  auth: 'user',
  multipart: true,
  status: 201,
  response: ZStoredFileResult,
  errors: uploadErrors,
});

export const uploadFile = defineOperation({
  method: 'POST',
  path: '/files',
  tags,
  summary: 'Upload a file (multipart, one file: JPG, PNG, WEBP or PDF); answers its id and URL',
  description: `One file in any multipart field, up to ${mb} MB; the type is read from its bytes. Images are encoded again; PDFs with scripts, attachments or other active content are refused. The file is public to whoever has its URL. Without a token at most 20 uploads per address an hour, with one 100 per member.`,
  auth: 'optional',
  multipart: true,
  status: 201,
  response: ZStoredFileResult,
  errors: [...uploadErrors, 'FILE_UNSAFE'],
});

export const fileDownload = defineOperation({
  method: 'GET',
  path: '/file-download',
  tags,
  summary: 'Download an uploaded image or file (always as an attachment, under a cleaned name)',
  description:
    'Only uploads of POST /files/images and POST /files; other uploads (business certificates) are not found here. `filename` is the name to offer, cleaned and given the extension of the stored type.',
  auth: 'public',
  query: ZFileDownloadQuery,
  response: { file: 'image/jpeg, image/png, image/webp or application/pdf' },
  errors: ['NOT_FOUND'],
});
