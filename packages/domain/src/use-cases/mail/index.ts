export * from './dispatch-mail.js';
export * from './mail-deps.js';
export * from './queue-mail.js';
export * from './sealed-mail.js';
export * from './admin-mail.js';
