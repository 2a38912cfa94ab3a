import { describe, expect, it } from 'vitest';
import { operations } from '@podo/contracts/operations';
import { ApiError, createClient, type ApiFetch } from './api';

const UNAVAILABLE = { code: 'SERVICE_UNAVAILABLE', message: '서비스를 일시적으로 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.' };
/** The API as the server's in-process transport answers it while the database is unavailable. */
const unavailable: ApiFetch = async () =>
  new Response(JSON.stringify(UNAVAILABLE), { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '2' } });

describe('a page whose API call answers 503 (database unavailable)', () => {
  it('is the error page with status 503, the localized message and Retry-After, not a 500', async () => {
    const api = createClient(operations, { fetch: unavailable, lang: 'ko-KR' });
    const thrown = await api.me().then(
      () => null,
      (e: unknown) => e,
    );
    // What a loader throws: data(message, { status, headers }), which React Router renders as the boundary's page.
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', data: UNAVAILABLE.message, init: { status: 503 } });
    expect(new Headers((thrown as { init: { headers: HeadersInit } }).init.headers).get('retry-after')).toBe('2');
  });

  it('stays an ApiError for a form action, which shows its own message', async () => {
    const api = createClient(operations, { fetch: unavailable, lang: 'ko-KR' });
    const thrown = await api.login({ body: { email: 'buyer@example.com', password: 'Buyer!2345' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 503, message: UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' });
  });
});
