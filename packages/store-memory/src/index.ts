export { createMemoryStore } from './create-memory-store.js';
