import type { AppDeps, AppSettings } from '../app-deps.js';

export interface RouteOptions {
  readonly deps: AppDeps;
  readonly settings: AppSettings;
}
