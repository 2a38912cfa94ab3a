// What other modules may use of commerce: eslint refuses imports of its files from another module.
export { queueRestockNotices } from './restock';
export { commerceJobs } from './jobs';
