export * from './client';
export * from './schema/index';
export { seedDemoData, DEMO_ACCOUNTS } from './seed';
