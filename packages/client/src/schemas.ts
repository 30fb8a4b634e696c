import type { components } from './generated/openapi.js';

/** The main resources, named as docs/openapi.json's component schemas. */
type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OrderQuote = Schemas['OrderQuote'];
export type Product = Schemas['Product'];
export type Transaction = Schemas['Transaction'];
export type TransferSummary = Schemas['TransferSummary'];
export type User = Schemas['User'];
export type Pagination = Schemas['Pagination'];
export type Sale = Schemas['Sale'];
export type DashboardStats = Schemas['DashboardStats'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
