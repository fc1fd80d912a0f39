/** Role names of spec §6, exactly as they appear in the token's role claim. */
export const ROLES = {
  fullAuth: 'ElfFullAuth',
  registeredUser: 'ElfRegisteredUser',
  emailRegistered: 'ElfEmailRegistered',
  semiAuth: 'ElfSemiAuth',
  supportAdmin: 'ElfSupportAdmin',
  supportAnalyst: 'ElfSupportAnalyst',
  supportLead: 'ElfSupportLead',
  merchandiser: 'ElfMerchandiser',
  vip: 'ElfVip',
} as const;

export type TRole = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES: readonly TRole[] = Object.values(ROLES);

/** Support roles make a user an admin (spec §6). */
export const SUPPORT_ROLES: readonly TRole[] = [ROLES.supportAdmin, ROLES.supportAnalyst, ROLES.supportLead];

export function isSupportRole(role: string): boolean {
  return (SUPPORT_ROLES as readonly string[]).includes(role);
}
