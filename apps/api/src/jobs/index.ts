import { commerceJobs } from '../modules/commerce';
import type { AnyJobDefinition } from './define';
import { housekeepingJobs } from './housekeeping';
import { outboxJobs } from './outbox';

/** Every background job: run by the worker processes (PROCESS_ROLE worker or both), listed in docs/operations.md. */
export const JOBS: readonly AnyJobDefinition[] = [...outboxJobs, ...commerceJobs, ...housekeepingJobs];

export { startJobQueue, type JobQueueOptions } from './queue';
export type { AnyJobDefinition, JobCtx, JobDefinition } from './define';
