/**
 * Contracts of answers only the REST face gives (the rest are the tRPC `.output()` schemas, which
 * the REST routes name in their OpenAPI `responses`). The services' return types are inferred from
 * these, so the document and the code cannot drift apart.
 */
import { z } from 'zod';

/** GET /v1/enums/{name}: one value of an enumeration (spec §3). */
export const ZEnumValue = z.object({ value: z.string(), label: z.string() });
export type TEnumValue = z.infer<typeof ZEnumValue>;

/** A feature's assignment for the caller (or the visitor id): spec §3 experiments. */
export const ZFeatureAssignment = z.object({
  tag: z.string(),
  name: z.string(),
  assignedVariant: z.string(),
  isWinningVariant: z.boolean(),
  /** Milliseconds since the epoch: when this answer was made. */
  lastChecked: z.number(),
});
export type TFeatureAssignment = z.infer<typeof ZFeatureAssignment>;

/** An account that shares the member's e-mail address (GET /v1/users/{userId}/users-same-email). */
export const ZRelatedAccount = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  isRegistered: z.boolean(),
  createdAt: z.string(),
});

/** GET /v1/auth/.where-am-i: the visitor's country (the edge's header, else Accept-Language). */
export const ZWhereAmI = z.object({ countryCode: z.string().nullable() });

/** PUT /v1/users/{userId}/picture: where the stored picture is served. */
export const ZPictureUrl = z.object({ pictureUrl: z.string() });

/** GET /v1/users/{userId}/terms-of-service: whether the current terms are accepted. */
export const ZTermsAccepted = z.boolean();

/** GET /v1/users/{userId}/export: everything kept about the member, one JSON document (its parts by name). */
export const ZUserExport = z.record(z.string(), z.unknown());
