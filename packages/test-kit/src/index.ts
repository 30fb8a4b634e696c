export { childEnv } from './child-env.js';
export {
  DEFAULT_SOLID_DEPTH,
  type DevnetControl,
  type DevnetFaultMode,
  type DevnetState,
  type DevnetTransaction,
  type DevnetUsdtSettings,
  devnetControl,
} from './devnet-control.js';
export { eventually } from './eventually.js';
export {
  type Answer,
  call,
  cookieValue,
  expectStatus,
  logIn,
  type RegisteredAccount,
  registerAccount,
  UnexpectedAnswer,
} from './http-client.js';
export {
  ADMIN,
  type Exit,
  makeDataDir,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from './service-process.js';
export { javaTronFixture, loadJsonFixture } from './json-fixture.js';
export { type RunningTestMongo, startTestMongo } from './test-mongo.js';
