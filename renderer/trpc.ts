/**
 * The typed tRPC hooks of the renderer (`trpc.<domain>.<procedure>.useQuery`), their types and the
 * client factory. They live in the query data module (data/data-module.tsx), which loads on demand:
 * a screen importing them from here shares that module's chunk.
 */
export {
  createTrpcClient,
  trpc,
  type TPrefetchContext,
  type TQueryUtils,
  type TRouterInputs,
  type TRouterOutputs,
  type TTrpcClientOptions,
} from './data/data-module';
