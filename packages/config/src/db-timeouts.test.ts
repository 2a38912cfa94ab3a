import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('database time limits (DB_*_TIMEOUT_MS)', () => {
  it('default to seconds for locks and connections, longer for statements', () => {
    expect(loadConfig({}, repoRoot).databaseTimeouts).toEqual({
      statementMs: 10_000,
      lockMs: 3_000,
      idleInTransactionMs: 10_000,
      acquireMs: 3_000,
    });
  });

  it('take milliseconds, and 0 turns one off', () => {
    const c = loadConfig(
      { DB_STATEMENT_TIMEOUT_MS: '30000', DB_LOCK_TIMEOUT_MS: '0', DB_IDLE_TX_TIMEOUT_MS: '60000', DB_ACQUIRE_TIMEOUT_MS: '500' },
      repoRoot,
    );
    expect(c.databaseTimeouts).toEqual({ statementMs: 30_000, lockMs: 0, idleInTransactionMs: 60_000, acquireMs: 500 });
  });

  it('refuses values that are not a sane number of milliseconds, naming each variable', () => {
    let message = '';
    try {
      loadConfig(
        { DB_STATEMENT_TIMEOUT_MS: '5s', DB_LOCK_TIMEOUT_MS: '-1', DB_IDLE_TX_TIMEOUT_MS: '3', DB_ACQUIRE_TIMEOUT_MS: '9999999' },
        repoRoot,
      );
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const name of ['DB_STATEMENT_TIMEOUT_MS', 'DB_LOCK_TIMEOUT_MS', 'DB_IDLE_TX_TIMEOUT_MS', 'DB_ACQUIRE_TIMEOUT_MS']) {
      expect(message).toContain(name);
    }
  });
});
