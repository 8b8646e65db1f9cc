import type { ParseKeys } from 'i18next';
import type ru from './ru.json';

/**
 * A key of the server's translations (src/i18n/ru.json, typed by src/i18n/i18next.d.ts), for code
 * that keeps keys in tables or passes them on: a misspelt one fails the type check.
 */
export type MessageKey = ParseKeys;

/** A field of the editor's forms: each is labelled by `editor.fields.<name>`. */
export type EditorFieldName = keyof (typeof ru)['editor']['fields'];
