import { useSyncExternalStore } from "react";

// A minimal external store for small pieces of UI state (app state, modal state…), read from React with
// useSyncExternalStore. State is replaced, never mutated, so selectors can compare by reference.

export interface Store<T> {
  getState(): T;
  setState(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(next) {
      const value = typeof next === "function" ? (next as (current: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Reads a slice of a store. The selector must return a value that is stable for a given state (a field, a
 * primitive…), not a new object each call. On the server and during hydration the initial state is used.
 */
export function useStore<T, S>(store: Store<T>, selector: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
