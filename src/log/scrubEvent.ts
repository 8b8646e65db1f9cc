import { redactFields } from './redact.ts';

/**
 * What an error event may carry to the tracker (issue 26), applied in `beforeSend` by the server's
 * and the browser's SDK alike: the error (type, message, stack), the tags the shop set (request
 * id, page kind, which failure), the environment and the SDK's own facts. Never who or what was
 * asked: no user, no request (its URL, query, cookies, headers, body, address), no breadcrumbs
 * (earlier calls' URLs and console lines), and every string left passes the log's redaction rules
 * (src/log/redact.ts: tokens, codes, passwords, full phone numbers).
 *
 * Typed structurally, not with the SDK's types, so this file is shared by both sides without
 * pulling either SDK in; the SDKs' event objects are plain JSON-like data.
 */

/** The parts of an event the scrub removes outright; the rest is redacted string by string. */
interface EventLike {
  user?: unknown;
  request?: unknown;
  breadcrumbs?: unknown;
}

/**
 * The SDKs' `dataCollection` (v11's successor of `sendDefaultPii: false`): collect no user, cookie,
 * header, body, query, local variable or queued data, and tell the collector not to infer the
 * sender's address or browser (`infer_ip: never`). scrubEvent is the second line, for what an
 * integration or a caller might add anyway.
 */
export const PRIVATE_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
};

export function scrubEvent<E extends EventLike>(event: E): Omit<E, keyof EventLike> {
  const { user: _user, request: _request, breadcrumbs: _breadcrumbs, ...rest } = event;
  const clean = redactFields(rest);
  return typeof clean === 'object' && clean !== null ? { ...rest, ...clean } : { ...rest };
}
