import { atom, onMount, type WritableAtom } from 'nanostores';

/**
 * A store kept in localStorage under keys that change while the page lives: the basket is kept per
 * customer (`bbs_basket_<id>` with its subscription lines under `bbs_basket_subscription_<id>`, or
 * the `_anon` pair), and signing in or out switches whose basket the page shows. Like
 * @nanostores/persistent's atom otherwise: every set is written at once, other tabs' writes to any
 * of the keys are followed (storage event), and a page restored from the back/forward cache reads
 * the keys again. Storage that refuses (privacy mode, the server) leaves the store in memory only.
 */

/** Where and how a value is kept: its keys for an owner (null: anonymous), and one text per key. */
export interface StorageLayout<T> {
  keys(owner: string | null): readonly string[];
  /** One text per key, in the keys' order; null removes that key (nothing to keep there). */
  encode(value: T): readonly (string | null)[];
  /** The value from what the keys hold (null for an empty key), in the keys' order. */
  decode(raws: readonly (string | null)[]): T;
}

export interface SwitchableStorage<T> {
  store: WritableAtom<T>;
  /** Whose keys the store is kept under now (null: anonymous). */
  owner(): string | null;
  /** Keeps the store under `owner`'s keys from now on; the store shows what they hold. */
  useOwner(owner: string | null): void;
  /** What `owner`'s keys hold (decoded), without switching to them. */
  read(owner: string | null): T;
  write(owner: string | null, value: T): void;
  remove(owner: string | null): void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Privacy mode may throw on the mere access.
    return null;
  }
}

/** `layout.decode` of empty keys is what an owner without a stored value holds. */
export function switchableStorage<T>(layout: StorageLayout<T>, initialOwner: string | null): SwitchableStorage<T> {
  let current = initialOwner;
  const rawsOf = (owner: string | null): (string | null)[] =>
    layout.keys(owner).map((key) => {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    });
  const same = (a: readonly (string | null)[], b: readonly (string | null)[]): boolean =>
    a.length === b.length && a.every((raw, i) => raw === b[i]);
  let lastRaws = rawsOf(current);
  const store = atom<T>(layout.decode(lastRaws));
  const show = store.set.bind(store);

  function write(owner: string | null, value: T): void {
    const raws = layout.encode(value);
    if (owner === current) lastRaws = [...raws];
    layout.keys(owner).forEach((key, i) => {
      const raw = raws[i] ?? null;
      try {
        if (raw === null) storage()?.removeItem(key);
        else storage()?.setItem(key, raw);
      } catch {
        // Full or refused: the page still has the value.
      }
    });
  }

  store.set = (value: T) => {
    write(current, value);
    show(value);
  };

  /** Shows what the keys hold, when it changed since this page last read or wrote them. */
  function restore(): void {
    const raws = rawsOf(current);
    if (same(raws, lastRaws)) return;
    lastRaws = raws;
    show(layout.decode(raws));
  }

  onMount(store, () => {
    restore();
    if (typeof window === 'undefined') return undefined;
    const onStorage = (event: StorageEvent): void => {
      if (event.key === null || layout.keys(current).includes(event.key)) restore();
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
    owner: () => current,
    useOwner(owner) {
      current = owner;
      lastRaws = rawsOf(owner);
      show(layout.decode(lastRaws));
    },
    read: (owner) => layout.decode(rawsOf(owner)),
    write,
    remove(owner) {
      if (owner === current) lastRaws = layout.keys(owner).map(() => null);
      for (const key of layout.keys(owner)) {
        try {
          storage()?.removeItem(key);
        } catch {
          // Refused: nothing was kept there either.
        }
      }
    },
  };
}
