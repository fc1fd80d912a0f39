/**
 * Local edits (spec §4 "a failed update reverts the local copy"): a react-query mutation that writes
 * the expected result into the cached query at once (onMutate, after a snapshot), puts the snapshot
 * back when the call fails (onError), and refetches the query when it settles.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface TOptimisticMutationOptions<TData, TVariables> {
  queryKey: QueryKey;
  mutationFn: (variables: TVariables) => Promise<unknown>;
  /** The cached value as it should look once the call succeeds. */
  optimistic: (current: TData | undefined, variables: TVariables) => TData;
  onError?: (error: unknown, variables: TVariables) => void;
  /** Refetch the query after the call settles (true by default). */
  refetch?: boolean;
}

interface TSnapshot<TData> {
  previous: TData | undefined;
  hadData: boolean;
}

/** The pure part: what to write on mutate and what to restore on error. */
export function optimisticSteps<TData, TVariables>(
  optimistic: (current: TData | undefined, variables: TVariables) => TData,
) {
  return {
    mutate(
      current: TData | undefined,
      hadData: boolean,
      variables: TVariables,
    ): { next: TData; snapshot: TSnapshot<TData> } {
      return { next: optimistic(current, variables), snapshot: { previous: current, hadData } };
    },
    revert(snapshot: TSnapshot<TData> | undefined): { restore: true; value: TData | undefined } | { restore: false } {
      if (!snapshot) return { restore: false };
      return { restore: true, value: snapshot.previous };
    },
  };
}

export function useOptimisticMutation<TData, TVariables = void>(
  options: TOptimisticMutationOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  const steps = optimisticSteps<TData, TVariables>(options.optimistic);
  return useMutation<unknown, unknown, TVariables, TSnapshot<TData>>({
    mutationFn: options.mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const state = queryClient.getQueryState<TData>(options.queryKey);
      const { next, snapshot } = steps.mutate(state?.data, state?.data !== undefined, variables);
      queryClient.setQueryData<TData>(options.queryKey, next);
      return snapshot;
    },
    onError: (error, variables, snapshot) => {
      const revert = steps.revert(snapshot);
      if (revert.restore) {
        if (snapshot?.hadData) queryClient.setQueryData<TData | undefined>(options.queryKey, revert.value);
        else queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
      }
      options.onError?.(error, variables);
    },
    onSettled: () => {
      if (options.refetch !== false) void queryClient.invalidateQueries({ queryKey: options.queryKey });
    },
  });
}
