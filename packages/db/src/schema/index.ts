export * from './reference';
export * from './accounts';
export * from './system';
export * from './catalog';
export * from './commerce';
export * from './content';
