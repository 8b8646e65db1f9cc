// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { switchableStorage } from '../../src/stores/switchableStorage.ts';

const encode = (value: number[]): string => JSON.stringify(value);
const decode = (raw: string | null): number[] => (raw === null ? [] : (JSON.parse(raw) as number[]));

describe('switchableStorage: a store kept under a key that signing in or out switches', () => {
  beforeEach(() => localStorage.clear());

  it('starts with what its key holds and writes every set at once', () => {
    localStorage.setItem('k_anon', '[1]');
    const kept = switchableStorage('k_anon', encode, decode);
    expect(kept.store.get()).toEqual([1]);
    kept.store.set([1, 2]);
    expect(localStorage.getItem('k_anon')).toBe('[1,2]');
  });

  it('switches to another key and shows what it holds; later sets go there', () => {
    localStorage.setItem('k_7', '[7]');
    const kept = switchableStorage('k_anon', encode, decode);
    kept.store.set([1]);
    kept.useKey('k_7');
    expect(kept.key()).toBe('k_7');
    expect(kept.store.get()).toEqual([7]);
    kept.store.set([7, 8]);
    expect(localStorage.getItem('k_7')).toBe('[7,8]');
    expect(localStorage.getItem('k_anon')).toBe('[1]');
  });

  it("follows another tab's write to its key while mounted, and only to its key", () => {
    const kept = switchableStorage('k_anon', encode, decode);
    const off = kept.store.listen(() => undefined);
    localStorage.setItem('k_other', '[9]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'k_other' }));
    expect(kept.store.get()).toEqual([]);
    localStorage.setItem('k_anon', '[3]');
    window.dispatchEvent(new StorageEvent('storage', { key: 'k_anon' }));
    expect(kept.store.get()).toEqual([3]);
    off();
  });

  it('reads, writes and removes other keys without switching', () => {
    const kept = switchableStorage('k_anon', encode, decode);
    kept.write('k_7', [4]);
    expect(kept.read('k_7')).toEqual([4]);
    kept.remove('k_7');
    expect(localStorage.getItem('k_7')).toBeNull();
    expect(kept.key()).toBe('k_anon');
  });
});
