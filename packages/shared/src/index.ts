export * from './errors.js';
export * from './constants.js';
export * from './text.js';
export * from './auth.js';
export * from './content-blocks.js';
export * from './courses.js';
export * from './people.js';
export * from './runner.js';
