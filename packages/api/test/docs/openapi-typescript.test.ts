import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * What a frontend developer gets from docs/openapi.json (docs/api.md, "Conventions"): types from
 * openapi-typescript, named per resource and per operation. A document that degrades to `never`
 * (no components, no operationIds) fails the type check below.
 */

const DOCUMENT = new URL('../../../../docs/openapi.json', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'trx-shop-openapi-ts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const USAGE = `
import type { components, operations, paths } from './schema';

type NotNever<T> = [T] extends [never] ? false : true;
type Order = components['schemas']['Order'];
type Webhook = components['schemas']['Webhook'];
type ErrorBody = components['schemas']['Error'];
type Created = operations['createWebhook']['responses'][201]['content']['application/json'];
type CreateBody = NonNullable<operations['createWebhook']['requestBody']>['content']['application/json'];
type OrderPage = paths['/api/orders']['get']['responses'][200]['content']['application/json'];
// Bodies and answers are named too, so an integrator can import them by name.
type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
type ListOrdersResponse = components['schemas']['ListOrdersResponse'];

export const orderIsTyped: NotNever<Order> = true;
export const operationIsTyped: NotNever<Created> = true;
export const total = (order: Order): number => order.total;
export const status = (order: Order): 'pending' | 'completed' | 'failed' | 'cancelled' | 'refunded' => order.status;
export const secret = (created: Created): string => created.secret;
export const url = (webhook: Webhook): string => webhook.url;
export const code = (error: ErrorBody): string => error.code;
// The code is an enumeration: a known one type-checks, a made-up one does not.
export const known: ErrorBody['code'] = 'ORDER_NOT_FOUND';
// @ts-expect-error not a code the service answers
export const madeUp: ErrorBody['code'] = 'NOT_A_CODE';
export const body: CreateBody = { url: 'https://erp.example.com/hooks', events: ['order.completed'] };
export const firstOrder = (page: OrderPage): Order | undefined => page.orders[0];
export const sameAnswer = (page: ListOrdersResponse): OrderPage => page;
export const order: CreateOrderRequest = { products: [{ productId: '6760c0f4a1b2c3d4e5f60718', quantity: 1 }] };
// @ts-expect-error a quantity is a number
export const badOrder: CreateOrderRequest = { products: [{ productId: '6760c0f4a1b2c3d4e5f60718', quantity: '1' }] };
`;

describe('types generated from docs/openapi.json', () => {
  it('name every resource and operation, and type-check a client’s use of them', async () => {
    const document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Record<string, unknown>;
    const generated = astToString(await openapiTS(document as never));
    writeFileSync(join(dir, 'schema.d.ts'), generated);
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    const program = ts.createProgram([join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
    expect(generated).toContain('Order: {');
  }, 60_000);
});
