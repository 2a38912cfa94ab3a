import { redirect, type AppLoadContext } from 'react-router';
import { QNA_FILES_MAX, ZQnaBody } from '@podo/contracts';
import { CERTIFICATE_MAX_BYTES } from '@podo/contracts/rules';
import { ApiError } from './api';
import { idParam } from './catalog.server';
import { requestLanguage, requestToken } from './request.server';
import { apiAction, checked, memberApi, str } from './session.server';
import { requestT } from './forms.server';

const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** The member's inquiries (/mypage/qna): state tab, text and page from the URL. */
export async function qnasLoader(request: Request, context: AppLoadContext) {
  const sp = new URL(request.url).searchParams;
  const status = sp.get('status') || undefined;
  const query = sp.get('query')?.trim().slice(0, 50) || undefined;
  const page = await memberApi(request, context).qnaList({
    query: { status: status as 'WAITING' | undefined, query, page: int(sp.get('page')) ?? 1, size: 10 },
  });
  return { page, status: status ?? null, query: query ?? '' };
}

/** The form's choices: each kind of inquiry with its categories. */
export async function qnaFormLoader(request: Request, context: AppLoadContext) {
  const api = memberApi(request, context);
  const types = (await api.qnaCategoryTypes()).data;
  const groups = await Promise.all(
    types.map(async (t) => ({ ...t, categories: (await api.qnaCategories({ query: { type: t.type } })).data })),
  );
  return { groups };
}

/** One file of the posted form sent to POST /qnas/file/upload as the browser would: its id, or the API's refusal. */
async function uploadFile(request: Request, context: AppLoadContext, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  // The multipart bytes and their boundary, made by the platform.
  const encoded = new Request('http://upload.local/', { method: 'POST', body: form });
  const res = await context.apiFetch('/api/v1/qnas/file/upload', {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'accept-language': requestLanguage(request),
      authorization: `Bearer ${requestToken(request, context) ?? ''}`,
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
  });
  const json = (await res.json().catch(() => ({}))) as { data?: { id: string }; message?: string; code?: string };
  if (!res.ok || !json.data) throw new ApiError(res.status, json.message ? `${file.name}: ${json.message}` : '', json.code);
  return json.data.id;
}

/**
 * Sends a new inquiry: the fields checked as the API checks them, each file uploaded (at most five, none over the
 * limit), then the inquiry itself; on success the member lands on it.
 */
export async function createQnaAction(request: Request, context: AppLoadContext) {
  const api = memberApi(request, context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const files = form.getAll('files').filter((f): f is File => typeof f !== 'string' && f.size > 0);
  let id = 0;
  const result = await apiAction(request, context, async () => {
    const t = requestT(request);
    const fields = checked(
      ZQnaBody,
      { idCategory: str(form.get('idCategory')), title: str(form.get('title')), content: str(form.get('content')) },
      request,
    );
    if (files.length > QNA_FILES_MAX) throw new ApiError(400, t('qna.filesMax', { count: QNA_FILES_MAX }), 'VALIDATION_FAILED');
    const big = files.find((f) => f.size > CERTIFICATE_MAX_BYTES);
    if (big)
      throw new ApiError(400, `${big.name}: ${t('qna.fileTooLarge', { mb: CERTIFICATE_MAX_BYTES / 1024 / 1024 })}`, 'FILE_TOO_LARGE');
    const ids: string[] = [];
    for (const f of files) ids.push(await uploadFile(request, context, f));
    const r = await api.createQna({ body: { ...fields, files: ids } });
    id = r.data.id;
    return { message: r.message };
  });
  if (id) throw redirect(`/mypage/qna/${id}?sent=1`);
  return result;
}

/** One inquiry (/mypage/qna/:id). */
export async function qnaLoader(request: Request, context: AppLoadContext, idText: string | undefined) {
  const id = idParam(idText);
  try {
    return { qna: (await memberApi(request, context).qna({ params: { id } })).data };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw new Response('This page could not be found', { status: 404 });
    throw e;
  }
}

/** Deletes the member's unanswered inquiry, then back to the list. */
export async function deleteQnaAction(request: Request, context: AppLoadContext, idText: string | undefined) {
  const id = idParam(idText);
  const api = memberApi(request, context);
  let done = false;
  const result = await apiAction(request, context, async () => {
    const r = await api.deleteQna({ params: { id } });
    done = true;
    return { message: r.message };
  });
  if (done) throw redirect('/mypage/qna?deleted=1');
  return result;
}
