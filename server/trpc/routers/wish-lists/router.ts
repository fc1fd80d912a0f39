/**
 * The wish-list domain (spec §2 wish lists and profiles; §3 product or wish): thin faces over
 * server/services/wish-lists. Owner views never carry claims (see contracts/wish-lists.ts).
 */
import { z } from 'zod';
import { builtOutput } from '../../built-output';
import { ZUserIdParams } from '../../../contracts/people';
import {
  ZClaimInput,
  ZImportedProduct,
  ZImportUrlInput,
  ZListQuery,
  ZOwnWish,
  ZPurchase,
  ZReceivedGift,
  ZRequestWishListInput,
  ZWish,
  ZWishCreate,
  ZWishId,
  ZWishListCreate,
  ZWishListDetail,
  ZWishListId,
  ZWishListSummary,
  ZWishListUpdate,
  ZWishReceived,
  ZWishReorder,
  ZWishUpdate,
} from '../../../contracts/wish-lists';
import { requireMember } from '../../../services/people/access';
import { claimWish, listGiftsReceived, listPurchases, unclaimWish } from '../../../services/wish-lists/claims';
import {
  createWishList,
  deleteWishList,
  getWishList,
  listMyWishLists,
  listWishLists,
  updateWishList,
} from '../../../services/wish-lists/lists';
import { requestWishList } from '../../../services/wish-lists/request';
import { setWishReceived } from '../../../services/wish-lists/received';
import { createWish, deleteWish, getOwnWish, reorderWishes, updateWish } from '../../../services/wish-lists/wishes';
import { authedProcedure, knownProcedure, publicProcedure, router } from '../../init';

const ok = z.object({ ok: z.literal(true) });

export const wishListsRouter = router({
  /** /wish-lists: the signed-in member's own lists. */
  mine: authedProcedure.output(z.array(ZWishListSummary)).query(({ ctx }) => listMyWishLists(ctx.db, ctx.identity)),
  /** /profile/{userId}/wish-lists: the lists of a person the viewer may see. */
  ofUser: publicProcedure
    .input(ZUserIdParams)
    .output(z.array(ZWishListSummary))
    .query(({ ctx, input }) => listWishLists(ctx.db, ctx.identity, input.userId)),
  get: publicProcedure
    .input(ZListQuery)
    // Built field by field (services/wish-lists/shapes.ts): the owner's view from a type without claims.
    .output(builtOutput(ZWishListDetail))
    .query(({ ctx, input }) => getWishList(ctx.db, ctx.identity, input)),
  create: authedProcedure
    .input(ZWishListCreate)
    .output(ZWishListSummary)
    .mutation(({ ctx, input }) => createWishList(ctx, ctx.identity, input)),
  update: authedProcedure
    .input(ZWishListUpdate)
    .output(ZWishListSummary)
    .mutation(({ ctx, input }) => updateWishList(ctx.db, ctx.identity, input)),
  delete: authedProcedure
    .input(ZWishListId)
    .output(ok)
    .mutation(({ ctx, input }) => deleteWishList(ctx.db, ctx.identity, input.wishlistId)),

  wish: authedProcedure
    .input(ZWishId)
    .output(ZOwnWish)
    .query(({ ctx, input }) => getOwnWish(ctx.db, ctx.identity, input.wishId)),
  addWish: authedProcedure
    .input(ZWishCreate)
    .output(ZOwnWish)
    .mutation(({ ctx, input }) => createWish(ctx.db, ctx.identity, input)),
  updateWish: authedProcedure
    .input(ZWishUpdate)
    .output(ZOwnWish)
    .mutation(({ ctx, input }) => updateWish(ctx.db, ctx.identity, input)),
  deleteWish: authedProcedure
    .input(ZWishId)
    .output(ok)
    .mutation(({ ctx, input }) => deleteWish(ctx.db, ctx.identity, input.wishId)),
  reorder: authedProcedure
    .input(ZWishReorder)
    .output(ok)
    .mutation(({ ctx, input }) => reorderWishes(ctx.db, ctx.identity, input)),
  /** Marking received reveals the givers for good and tells them; un-marking keeps them revealed. */
  setReceived: authedProcedure
    .input(ZWishReceived)
    .output(ZOwnWish)
    .mutation(({ ctx, input }) => setWishReceived(ctx, ctx.identity, input)),

  /** Mark (part of) someone's wish as bought; sets the caller's share. */
  claim: knownProcedure
    .input(ZClaimInput)
    .output(ZWish)
    .mutation(({ ctx, input }) => claimWish(ctx.db, ctx.identity, input)),
  unclaim: knownProcedure
    .input(ZWishId)
    .output(ZWish)
    .mutation(({ ctx, input }) => unclaimWish(ctx.db, ctx.identity, input.wishId)),
  purchases: knownProcedure
    .input(ZUserIdParams)
    .output(z.array(ZPurchase))
    .query(({ ctx, input }) => listPurchases(ctx.db, ctx.identity, input.userId)),
  giftsReceived: authedProcedure
    .input(ZUserIdParams)
    .output(z.array(ZReceivedGift))
    .query(({ ctx, input }) => listGiftsReceived(ctx.db, ctx.identity, input.userId)),

  /** /wish-it/: reads a product page; the member confirms before anything is saved. */
  importUrl: authedProcedure
    .input(ZImportUrlInput)
    .output(ZImportedProduct)
    .mutation(async ({ ctx, input }) => {
      requireMember(ctx.identity);
      // Loaded on first use: the page reader's HTML parser stays out of start-up.
      const { importProductFromUrl } = await import('../../../services/wish-lists/import-url');
      return importProductFromUrl(input.url, { allowPrivateAddresses: ctx.config.urlImportAllowPrivate });
    }),
  requestList: authedProcedure
    .input(ZRequestWishListInput)
    .output(z.object({ ok: z.literal(true), alreadyAsked: z.boolean() }))
    .mutation(({ ctx, input }) => requestWishList(ctx, ctx.identity, input.userId)),
});
