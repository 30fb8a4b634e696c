export * from './dispatch-mail.js';
export * from './fan-out-mail.js';
export * from './mail-deps.js';
export * from './mail-preferences.js';
export * from './mails-of-event.js';
export * from './queue-mail.js';
export * from './sealed-mail.js';
export * from './admin-mail.js';
