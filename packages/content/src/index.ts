export * from './schema.js';
export * from './catalogue.js';
export * from './loader.js';
