export * from './delivery-actions.js';
export * from './dispatch-webhooks.js';
export * from './fan-out-webhooks.js';
export * from './manage-webhooks.js';
export * from './webhook-body.js';
export * from './webhook-deps.js';
export * from './webhook-fields.js';
