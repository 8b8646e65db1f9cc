import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, describeIssues, isApiError } from '../../src/api/apiError.ts';

describe('ApiError: says service, call, status and what failed', () => {
  it('carries its fields and a readable message', () => {
    const cause = new Error('inner');
    const error = new ApiError({
      service: 'order',
      call: 'POST /public/order',
      status: 409,
      kind: 'http',
      code: 1301,
      detail: 'HTTP 409',
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(error).toMatchObject({
      name: 'ApiError',
      service: 'order',
      call: 'POST /public/order',
      status: 409,
      kind: 'http',
      code: 1301,
    });
    expect(error.message).toBe('order POST /public/order: HTTP 409');
    expect(error.cause).toBe(cause);
    expect(error.fields).toEqual([]);
  });

  it.each([
    [
      'a wrong type deep in a list',
      z.object({ items: z.array(z.object({ title: z.string() })) }),
      { items: [{ title: 'a' }, { title: 1 }] },
      'response field items.1.title: expected string, received number',
    ],
    ['a body of the wrong kind', z.object({ a: z.string() }), null, 'response body: expected object, received null'],
    [
      'many failures',
      z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() }),
      {},
      'response field a: expected string, received undefined; response field b: expected string, received undefined; response field c: expected string, received undefined (and 2 more)',
    ],
  ])('describes %s', (_label, schema, value, expected) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(describeIssues(result.error?.issues ?? [])).toBe(expected);
  });
});
