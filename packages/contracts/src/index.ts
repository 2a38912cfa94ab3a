import { z } from 'zod';
export * from './errors';

/** Error body as documented in OpenAPI. */
export const ZApiError = z.object({ message: z.string(), code: z.string() }).meta({ id: 'ApiError' });

// ---- settings --------------------------------------------------------------------------------------------
export const ZLanguageItem = z.object({
  code: z.string().meta({ example: 'ko-KR' }),
  name: z.string().meta({ example: '한국어' }),
  isDefault: z.boolean(),
});
export const ZLanguageList = z.object({ data: z.array(ZLanguageItem) });
export type TLanguageList = z.infer<typeof ZLanguageList>;

// ---- countries -------------------------------------------------------------------------------------------
export const ZCountry = z.object({
  code: z.string().length(2).meta({ example: 'KR', description: 'ISO 3166-1 alpha-2' }),
  name: z.string().meta({ example: '대한민국', description: 'in the request language' }),
  dialCode: z.string().meta({ example: '82', description: 'international calling code, no +' }),
});
export const ZCountryList = z.object({ data: z.array(ZCountry) });
export type TCountry = z.infer<typeof ZCountry>;
export type TCountryList = z.infer<typeof ZCountryList>;

// ---- health ----------------------------------------------------------------------------------------------
export const ZHealth = z.object({
  /** ok; degraded when the database is slow (still 200); error when it is down (503). */
  status: z.enum(['ok', 'degraded', 'error']),
  /** The database: answering, answering slowly (or requests ran out of time lately), or not answering within the check. */
  db: z.enum(['ok', 'slow', 'down']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** The process answers: for a liveness probe (restart the process when it stops answering). */
export const ZHealthLive = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
/**
 * Whether the process can serve: for a readiness probe (send it traffic or not). Ready when the database answers, its
 * migrations include this build's last one, and the process is not draining (shutting down).
 */
export const ZHealthReady = z.object({
  status: z.enum(['ready', 'unavailable']),
  db: z.enum(['ok', 'slow', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  draining: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
});

// ---- session and accounts -------------------------------------------------------------------------------

export const ZLoginBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
  /** The e-mailed one-time code, when the previous answer was LOGIN_CODE_REQUIRED (docs/accounts.md "Login throttling"). */
  code: z
    .string()
    .regex(/^\d{6}$/, { message: 'code' })
    .optional()
    .meta({ example: '123456' }),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;
export const ZLoginResult = z.object({
  data: z.object({
    accessToken: z.string(),
    expiresAt: z.string(),
    /** A member of staff: the back office needs the second factor next (`required`), or the app set up first (`setup`). */
    staff: z.object({ secondFactor: z.enum(['required', 'setup']) }).optional(),
  }),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

export * from './accounts';
export * from './rules';
export * from './catalog';
export * from './commerce';
export * from './search';
export * from './content';
export * from './stores';
