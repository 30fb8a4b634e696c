import type { IncomingMessage } from 'node:http';
import { isJsonObject, type JsonObject } from '../chain/signed-transaction.js';

/** java-tron answers `{"Error": ...}` with HTTP 200 for a body it cannot parse. */
export class UnparsableRequestError extends Error {}

const MAX_BODY_BYTES = 4 * 1024 * 1024;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new UnparsableRequestError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/** GET query values are text; java-tron's servlets read `visible`/`detail` as booleans. */
const queryValue = (value: string): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/** POST: the JSON body (empty means `{}`); GET: the query string. Both merged, body first. */
export const readRequestParams = async (request: IncomingMessage, url: URL): Promise<JsonObject> => {
  const params: JsonObject = {};
  for (const [key, value] of url.searchParams) params[key] = queryValue(value);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : (await readBody(request)).trim();
  if (text === '') return params;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UnparsableRequestError(`class org.tron.json.JSONException : ${String(error)}`);
  }
  if (!isJsonObject(body))
    throw new UnparsableRequestError('class org.tron.json.JSONException : not an object');
  return { ...params, ...body };
};
