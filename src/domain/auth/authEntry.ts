/**
 * Which tab of the auth modal a page hash asks for (companion spec accounts §2: the modal opens from
 * `#login` or `#registration`, a special name opens the registration tab in the club mode, and a
 * social sign-in that needs a phone comes back to `#social`). No imports: the header's opener
 * script carries this module to every page.
 */

export type AuthMode = 'login' | 'registration' | 'club' | 'social';

const HASH_MODES: Readonly<Record<string, AuthMode>> = {
  '#login': 'login',
  '#registration': 'registration',
  '#club': 'club',
  '#social': 'social',
};

/** The mode a hash opens (`'#login'` → `'login'`), or null for any other hash. */
export function authModeOfHash(hash: string): AuthMode | null {
  return HASH_MODES[hash] ?? null;
}
