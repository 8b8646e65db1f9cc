import type { TFunction } from 'i18next';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';

/**
 * What an edit page knows about the thing it edits, and the one rule that decides it: only the
 * content service's own 404 (its `{code: 404}` body; the editor client's read answers null for
 * it) means "does not exist yet, saving creates it". Any other failure — a 5xx, a timeout, a
 * refused or reset connection, a body that fails its schema, a 404 from something that is not the
 * service — means "unknown": the service's PUT creates or replaces without a precondition, so a
 * form shown as "new" during an outage would let an editor overwrite a page they never saw.
 */
export type StoredState<T> = { kind: 'existing'; value: T } | { kind: 'new' } | { kind: 'unavailable'; error: unknown };

/** Runs the read of an edit page and classifies its outcome (never throws). */
export async function readStored<T>(read: () => Promise<T | null>): Promise<StoredState<T>> {
  try {
    const value = await read();
    return value === null ? { kind: 'new' } : { kind: 'existing', value };
  } catch (error) {
    return { kind: 'unavailable', error };
  }
}

/** The stored thing, or null when there is none (or it could not be read). */
export function storedValue<T>(stored: StoredState<T>): T | null {
  return stored.kind === 'existing' ? stored.value : null;
}

/**
 * What the page believed when it rendered the form (a hidden `expected` field): 'new' or
 * 'existing'. A form posted without it (not one of ours) states no belief.
 */
export const expectedStateSchema = z.enum(['new', 'existing']).nullable();
export type ExpectedState = z.infer<typeof expectedStateSchema>;

/**
 * Why a write must not be sent, or null when it may: the read failed (nothing is known, so the
 * write would be blind), or the thing was created or deleted since the form was shown (the
 * editor's "new" form would replace someone's page; their "edit" form would re-create a deleted
 * one). The service checks none of this, so the storefront checks it just before every write.
 */
export function writeRefusal(
  stored: StoredState<unknown>,
  expected: ExpectedState,
): 'unavailable' | 'createdMeanwhile' | 'deletedMeanwhile' | null {
  if (stored.kind === 'unavailable') return 'unavailable';
  if (expected === 'new' && stored.kind === 'existing') return 'createdMeanwhile';
  if (expected === 'existing' && stored.kind === 'new') return 'deletedMeanwhile';
  return null;
}

/** A failure in words for the editor: which kind of failure, without internal detail. */
export function failureReason(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    return error.kind === 'http'
      ? t('editor.failure.http', { status: error.status })
      : t(`editor.failure.${error.kind}`);
  }
  return t('editor.failure.other');
}
