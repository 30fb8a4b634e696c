export * from './authenticate-api-key.js';
export * from './manage-api-keys.js';
