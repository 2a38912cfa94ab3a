import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@podo/contracts';
import { operations } from '@podo/contracts/operations';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { errorCodesOf } from './lib/operation-route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const openApiPath = (path: string) => `/api/v1${path.replace(/:(\w+)/g, '{$1}')}`;

describe('operations (packages/contracts/src/operations.ts)', () => {
  it('are the routes of /api/v1: each registered once, and no route without one', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const listed = new Set<string>();
    for (const [path, methods] of Object.entries(spec.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(methods)) listed.add(`${method.toUpperCase()} ${path}`);
    }
    const declared = Object.values(operations).map((op) => `${op.method} ${openApiPath(op.path)}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...listed].sort()).toEqual([...declared].sort());
  });

  it('list in OpenAPI every error code they may answer, under its status', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const op of Object.values(operations)) {
      const doc = spec.paths[openApiPath(op.path)][op.method.toLowerCase()];
      expect(doc.summary).toBe(op.summary);
      for (const code of errorCodesOf(op)) {
        const status = String(ERROR_STATUS[code]);
        const answer = doc.responses[status];
        expect(answer, `${op.method} ${op.path} ${code}`).toBeDefined();
        if (op.path !== '/health') expect(JSON.stringify(answer)).toContain(code);
      }
      // The auth of the operation is its OpenAPI security.
      expect(doc.security === undefined).toBe(op.auth === 'public');
    }
  });

  it('guard every call by its auth: no token is 401 for member, buyer and admin calls', async () => {
    for (const op of Object.values(operations)) {
      if (op.auth === 'public' || op.auth === 'optional') continue;
      const url = `/api/v1${op.path.replace(/:provider/, 'kakao').replace(/:\w+/g, '1')}`;
      const r = await t.app.inject({ method: op.method, url, payload: 'body' in op ? {} : undefined });
      expect(r.statusCode, `${op.method} ${url}`).toBe(401);
      expect(r.json().code).toBe('UNAUTHORIZED');
    }
  });
});
