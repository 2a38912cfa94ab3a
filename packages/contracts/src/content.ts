import { z } from 'zod';
import { zId } from './catalog';

/** Terms and policies kept with every version (spec §7 "Documents"; the /terms page). */
export const DOCUMENT_TYPES = ['TERM', 'PRIVACY'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const ZDocumentTypeParams = z.object({ type: z.enum(DOCUMENT_TYPES, { message: 'oneOf' }) });
export const ZDocumentParams = z.object({ id: zId });

export const ZDocumentTypeList = z.object({
  data: z.array(z.object({ type: z.enum(DOCUMENT_TYPES), name: z.string() })),
});

/** A version of a document without its text (the version selector). */
export const ZDocumentVersion = z.object({
  id: z.number().int(),
  version: z.string(),
  /** From when this version applies (ISO). */
  effectiveAt: z.string(),
  /** The version in force now. */
  current: z.boolean(),
});
export type TDocumentVersion = z.infer<typeof ZDocumentVersion>;
export const ZDocumentVersionList = z.object({ data: z.array(ZDocumentVersion) });

/** A paragraph, or a list of items. */
export const ZDocumentBlock = z.union([z.string(), z.array(z.string())]);
export const ZDocument = ZDocumentVersion.extend({
  type: z.enum(DOCUMENT_TYPES),
  typeName: z.string(),
  /** The language of the text: the request language, or Korean (the original) when it has no translation. */
  lang: z.string(),
  title: z.string(),
  intro: z.string(),
  articles: z.array(z.object({ heading: z.string(), blocks: z.array(ZDocumentBlock) })),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentResult = z.object({ data: ZDocument });
