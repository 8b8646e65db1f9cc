// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { switchableStorage, type StorageLayout } from '../../src/stores/switchableStorage.ts';

/** Numbers kept under `k_<owner>`, and those above 100 apart under `big_<owner>` (the basket's two parts, in small). */
const layout: StorageLayout<number[]> = {
  keys: (owner) => [`k_${owner ?? 'anon'}`, `big_${owner ?? 'anon'}`],
  encode: (value) => {
    const big = value.filter((n) => n > 100);
    return [JSON.stringify(value.filter((n) => n <= 100)), big.length === 0 ? null : JSON.stringify(big)];
  },
  decode: (raws) => raws.flatMap((raw) => (raw === null ? [] : (JSON.parse(raw) as number[]))),
};

describe('switchableStorage: a store kept under keys that signing in or out switches', () => {
  beforeEach(() => localStorage.clear());

  it('starts with what its keys hold and writes every set at once, each part to its key', () => {
    localStorage.setItem('k_anon', '[1]');
    const kept = switchableStorage(layout, null);
    expect(kept.store.get()).toEqual([1]);
    kept.store.set([1, 2, 300]);
    expect(localStorage.getItem('k_anon')).toBe('[1,2]');
    expect(localStorage.getItem('big_anon')).toBe('[300]');
    // A part with nothing to keep removes its key.
    kept.store.set([1]);
    expect(localStorage.getItem('big_anon')).toBeNull();
  });

  it("switches to another owner's keys and shows what they hold; later sets go there", () => {
    localStorage.setItem('k_7', '[7]');
    localStorage.setItem('big_7', '[700]');
    const kept = switchableStorage(layout, null);
    kept.store.set([1]);
    kept.useOwner('7');
    expect(kept.owner()).toBe('7');
    expect(kept.store.get()).toEqual([7, 700]);
    kept.store.set([7, 8]);
    expect(localStorage.getItem('k_7')).toBe('[7,8]');
    expect(localStorage.getItem('big_7')).toBeNull();
    expect(localStorage.getItem('k_anon')).toBe('[1]');
  });

  it("follows another tab's write to any of its keys while mounted, and only to its keys", () => {
    const kept = switchableStorage(layout, null);
    const off = kept.store.listen(() => undefined);
    localStorage.setItem('k_other', '[9]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'k_other' }));
    expect(kept.store.get()).toEqual([]);
    localStorage.setItem('k_anon', '[3]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'k_anon' }));
    expect(kept.store.get()).toEqual([3]);
    localStorage.setItem('big_anon', '[333]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'big_anon' }));
    expect(kept.store.get()).toEqual([3, 333]);
    off();
  });

  it("reads, writes and removes another owner's keys without switching", () => {
    const kept = switchableStorage(layout, null);
    kept.write('7', [4, 400]);
    expect(kept.read('7')).toEqual([4, 400]);
    kept.remove('7');
    expect(localStorage.getItem('k_7')).toBeNull();
    expect(localStorage.getItem('big_7')).toBeNull();
    expect(kept.owner()).toBeNull();
  });
});
