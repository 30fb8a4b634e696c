export { type MongoStoreOptions, openMongoStore } from './open-mongo-store.js';
