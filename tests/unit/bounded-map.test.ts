import { BoundedMap } from '@/lib/cache/bounded-map';

describe('BoundedMap', () => {
  it('keeps at most max entries, evicting the least recently used', () => {
    const map = new BoundedMap<string, number>({ max: 3 });
    map.set('a', 1).set('b', 2).set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recently used; b the least
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([1, 3, 4]);
  });

  it('counts a set of a present key as a use, not a new entry', () => {
    const map = new BoundedMap<string, number>({ max: 2 });
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(map.get('a')).toBe(10);
    expect(map.get('b')).toBeUndefined();
    expect(map.size).toBe(2);
  });

  it('misses and drops an entry once it is ttlMs old, read from a function on every get', () => {
    let clock = 1_000;
    let ttl = 100;
    const map = new BoundedMap<string, string>({ max: 10, ttlMs: () => ttl, now: () => clock });
    map.set('k', 'v');
    clock += 99;
    expect(map.get('k')).toBe('v');
    clock += 1;
    expect(map.get('k')).toBeUndefined();
    expect(map.size).toBe(0);
    map.set('k', 'v');
    ttl = 0; // a limit of 0 turns the cache off
    expect(map.get('k')).toBeUndefined();
  });

  it('a get does not extend the life of an entry', () => {
    let clock = 0;
    const map = new BoundedMap<string, string>({ max: 10, ttlMs: 100, now: () => clock });
    map.set('k', 'v');
    clock = 60;
    expect(map.get('k')).toBe('v');
    clock = 100;
    expect(map.get('k')).toBeUndefined();
  });

  it('deletes by key, by predicate and all at once', () => {
    const map = new BoundedMap<number, { user: number }>({ max: 10 });
    map.set(1, { user: 7 }).set(2, { user: 8 }).set(3, { user: 7 });
    map.deleteWhere((value) => value.user === 7);
    expect([map.get(1), map.get(3)]).toEqual([undefined, undefined]);
    expect(map.get(2)).toEqual({ user: 8 });
    expect(map.delete(2)).toBe(true);
    map.set(4, { user: 1 });
    map.clear();
    expect(map.size).toBe(0);
  });

  it('refuses a max that bounds nothing', () => {
    expect(() => new BoundedMap({ max: 0 })).toThrow(/positive integer/);
    expect(() => new BoundedMap({ max: Infinity })).toThrow(/positive integer/);
  });
});
