import { useSyncExternalStore } from 'react';

/** localStorage can throw (privacy modes, quota, disabled storage): every access goes through here. */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory value still updates for this page.
  }
}

export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A value kept in localStorage that components can subscribe to; other tabs' changes arrive through
 * the `storage` event. `parse` must return a stable value for unchanged text (it is cached).
 */
export function storedValue<T>(key: string, parse: (raw: string | null) => T, serialise: (value: T) => string | null): StoredValue<T> {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T;

  const get = () => {
    const raw = readStorage(key);
    if (raw !== cachedRaw || cachedRaw === undefined) {
      cachedRaw = raw;
      cachedValue = parse(raw);
    }
    return cachedValue;
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) for (const listener of listeners) listener();
  };

  return {
    get,
    set(value) {
      writeStorage(key, serialise(value));
      cachedRaw = undefined; // re-read (also covers storage that silently failed)
      cachedValue = value;
      cachedRaw = readStorage(key);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
