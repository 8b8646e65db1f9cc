import { atom, onMount, type WritableAtom } from 'nanostores';

/**
 * A store kept in localStorage under a key that can change while the page lives: the basket is
 * kept per customer (`bbs_basket_<id>`, or `bbs_basket_anon`), and signing in or out switches whose
 * basket the page shows. Like @nanostores/persistent's atom otherwise: every set is written at once,
 * other tabs' writes to the key are followed (storage event), and a page restored from the
 * back/forward cache reads the key again. Storage that refuses (privacy mode, the server) leaves
 * the store in memory only.
 */

export interface SwitchableStorage<T> {
  store: WritableAtom<T>;
  /** The key the store is kept under now. */
  key(): string;
  /** Keeps the store under `key` from now on; the store shows what that key holds. */
  useKey(key: string): void;
  /** What `key` holds (decoded), without switching to it. */
  read(key: string): T;
  write(key: string, value: T): void;
  remove(key: string): void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Privacy mode may throw on the mere access.
    return null;
  }
}

/** `decode(null)` is what an empty key holds. */
export function switchableStorage<T>(
  initialKey: string,
  encode: (value: T) => string,
  decode: (raw: string | null) => T,
): SwitchableStorage<T> {
  let current = initialKey;
  const rawOf = (key: string): string | null => {
    try {
      return storage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  let lastRaw = rawOf(current);
  const store = atom<T>(decode(lastRaw));
  const show = store.set.bind(store);

  function write(key: string, value: T): void {
    const raw = encode(value);
    if (key === current) lastRaw = raw;
    try {
      storage()?.setItem(key, raw);
    } catch {
      // Full or refused: the page still has the value.
    }
  }

  store.set = (value: T) => {
    write(current, value);
    show(value);
  };

  /** Shows what the key holds, when it changed since this page last read or wrote it. */
  function restore(): void {
    const raw = rawOf(current);
    if (raw === lastRaw) return;
    lastRaw = raw;
    show(decode(raw));
  }

  onMount(store, () => {
    restore();
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent): void => {
      if (event.key === current || event.key === null) restore();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', restore);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', restore);
    };
  });

  return {
    store,
    key: () => current,
    useKey(key) {
      current = key;
      lastRaw = rawOf(key);
      show(decode(lastRaw));
    },
    read: (key) => decode(rawOf(key)),
    write,
    remove(key) {
      if (key === current) lastRaw = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // Refused: nothing was kept there either.
      }
    },
  };
}
