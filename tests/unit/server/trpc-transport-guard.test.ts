import { describe, expect, it } from 'vitest';
import { listProcedures } from '../../../server/http/route-list';
import { trpcAllowedMethods } from '../../../server/trpc/transport-guard';
import { appRouter } from '../../../server/trpc/router';

const types = new Map(listProcedures(appRouter).map((procedure) => [procedure.path, procedure.type]));

describe('methods a tRPC path takes (issue 24)', () => {
  it('queries and subscriptions GET, mutations POST, unknown procedures GET and POST', () => {
    expect(trpcAllowedMethods(types, ['auth.me'])).toEqual(['GET']);
    expect(trpcAllowedMethods(types, ['auth.me', 'auth.providers'])).toEqual(['GET']);
    expect(trpcAllowedMethods(types, ['auth.mergeAccounts'])).toEqual(['POST']);
    expect(trpcAllowedMethods(types, ['no.such'])).toEqual(['GET', 'POST']);
    const subscription = [...types].find(([, type]) => type === 'subscription')?.[0];
    expect(subscription).toBeDefined();
    expect(trpcAllowedMethods(types, [subscription!])).toEqual(['GET']);
  });
});
