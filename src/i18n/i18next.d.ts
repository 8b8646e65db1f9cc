import type ru from './ru.json';

/**
 * The server's `t` is typed by the Russian file (i18next's CustomTypeOptions): a misspelt or
 * removed key fails the type check instead of printing the key to a shopper. The Ukrainian file is
 * held to the same keys by tests/unit/locale.test.ts.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
  }
}
