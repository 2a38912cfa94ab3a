import type { z } from 'zod';
import { webMessages } from '@podo/i18n/resources';
import { createI18n } from './i18n';
import { validateForm, type Translate, type ValidateOptions } from './forms';
import { requestLanguage } from './request.server';

/** The web texts' translation function in the request's language, for messages an action renders. */
export function requestT(request: Request): Translate {
  const lang = requestLanguage(request);
  return createI18n(lang, webMessages[lang]).t;
}

/** Form data posted to an action, checked with the same schema and messages as the browser checks it. */
export async function parseFormRequest<S extends z.ZodType>(request: Request, schema: S, options?: ValidateOptions) {
  return validateForm(await request.formData(), schema, requestT(request), options);
}
