export * from './schema.js';
export * from './catalogue.js';
export * from './loader.js';
export * from './source-checks.js';
