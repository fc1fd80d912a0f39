/**
 * Wish-list values (privacy choices, priorities, sorts, limits): zod-free, so a screen that shows a
 * list does not download the validation library (server/contracts/wish-lists.ts re-exports them).
 */

export const WISH_LIST_PRIVACY = ['public', 'followers', 'private', 'exchange'] as const;
export type TWishListPrivacy = (typeof WISH_LIST_PRIVACY)[number];
export const WISH_LIST_PRIVACY_LABELS: Record<TWishListPrivacy, string> = {
  public: 'Everyone who can see my profile',
  followers: 'My followers',
  private: 'Only me',
  exchange: "Only an exchange's participants",
};

/** 1 low … 4 most wanted. */
export const WISH_PRIORITIES = [
  { value: 4, label: 'Most wanted' },
  { value: 3, label: 'High' },
  { value: 2, label: 'Normal' },
  { value: 1, label: 'Low' },
] as const;
export const DEFAULT_WISH_PRIORITY = 2;
export const WISH_QUANTITY_MAX = 99;
export const WISH_LISTS_PER_USER_MAX = 50;
export const WISHES_PER_LIST_MAX = 500;

export const WISH_SORTS = ['custom', 'priority', 'price', 'date'] as const;
export type TWishSort = (typeof WISH_SORTS)[number];
