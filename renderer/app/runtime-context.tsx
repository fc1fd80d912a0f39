/** The app runtime (runtime/app-runtime.ts) in React context: `useAppRuntime()`. */
import { createContext, useContext, type ReactNode } from 'react';
import type { TAppRuntime } from './runtime/app-runtime';

export const RuntimeContext = createContext<TAppRuntime | null>(null);

export function AppRuntimeProvider({ runtime, children }: { runtime: TAppRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useAppRuntime(): TAppRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useAppRuntime() needs an <AppRuntimeProvider> above it');
  return runtime;
}
