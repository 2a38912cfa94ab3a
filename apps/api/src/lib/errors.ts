import { ERROR_STATUS, type ErrorCode } from '@podo/contracts';
import type { z } from 'zod';

/** The one error type of the API: a code (mapped to a status in one place) and message parameters. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A request part that failed its zod schema; keeps the issues so the message can be localized later. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  validationContext?: string;
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation failed');
  }
}
