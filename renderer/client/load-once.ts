/**
 * A load run once, its promise shared by every caller; after a failure (offline, a chunk that did
 * not arrive) the next call runs it again. The arguments of the call that runs it are the ones used.
 * For the data module, lazy parts of screens and the like.
 */
export function loadOnce<A extends unknown[], T>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let pending: Promise<T> | null = null;
  return (...args) => {
    if (!pending) {
      const started = load(...args);
      pending = started;
      started.catch(() => {
        if (pending === started) pending = null;
      });
    }
    return pending;
  };
}
