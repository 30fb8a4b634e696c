import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ADMIN_EVENT_TYPES, REALTIME_EVENT_FIELDS } from '../src/index.js';

/*
 * What the package says about itself stays true: the README's checkout is the file the
 * end-to-end test runs, and the frame types are the ones docs/asyncapi.yaml (generated from the
 * service's frame schemas) describes.
 */

const README = new URL('../README.md', import.meta.url);
const CHECKOUT = new URL('./readme-checkout.ts', import.meta.url);
const ASYNCAPI = new URL('../../../docs/asyncapi.yaml', import.meta.url);

interface Schema {
  readonly required?: readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly const?: string;
}

interface AsyncApi {
  readonly channels: Readonly<
    Record<string, { readonly messages: Readonly<Record<string, { name: string; payload: Schema }>> }>
  >;
  readonly operations: Readonly<
    Record<string, { action: string; channel: { $ref: string }; messages: readonly { $ref: string }[] }>
  >;
}

describe('README.md', () => {
  it('shows test/readme-checkout.ts, the checkout the end-to-end test runs, as it is', async () => {
    const [readme, checkout] = await Promise.all([readFile(README, 'utf8'), readFile(CHECKOUT, 'utf8')]);
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks, 'README.md has no ```ts block equal to test/readme-checkout.ts').toContain(checkout);
    const lines = checkout.trim().split('\n').length;
    expect(lines).toBeLessThanOrEqual(35);
  });
});

describe('the real-time frame types', () => {
  it('name every frame the server sends to either room, with the data fields docs/asyncapi.yaml gives it', async () => {
    const document = parse(await readFile(ASYNCAPI, 'utf8')) as AsyncApi;
    const rooms = ['userRoom', 'adminRoom'];
    const sent = Object.values(document.operations).filter(
      (operation) =>
        operation.action === 'send' && rooms.some((room) => operation.channel.$ref === `#/channels/${room}`),
    );
    expect(sent).toHaveLength(rooms.length);
    const messages = sent.flatMap((operation) =>
      operation.messages.map((ref) => {
        const [, , room = '', , key = ''] = ref.$ref.split('/');
        const message = document.channels[room]?.messages[key];
        if (!message) throw new Error(`no message ${ref.$ref}`);
        return message;
      }),
    );

    const documented = Object.fromEntries(
      messages.map((message) => [
        message.name,
        Object.keys(message.payload.properties?.data?.properties ?? {}).sort(),
      ]),
    );
    const typed = Object.fromEntries(
      Object.entries(REALTIME_EVENT_FIELDS).map(([event, fields]) => [event, [...fields].sort()]),
    );
    expect(typed).toEqual(documented);

    // The frames of the event log carry `id` (the helper resumes from it); the others do not.
    const withId = [
      ...new Set(
        messages.filter((message) => message.payload.required?.includes('id')).map((message) => message.name),
      ),
    ].sort();
    expect(withId).toEqual(
      [
        ...ADMIN_EVENT_TYPES,
        'order:refunded',
        'transaction:confirmed',
        'transaction:failed',
        'wallet:deposit',
      ].sort(),
    );
  });
});
