import { z } from 'zod';
import { ENUM_NAMES } from '../../../contracts/enums';
import { getEnum } from '../../../services/enums/get-enum';
import { publicProcedure, router } from '../../init';

export const ZEnumValue = z.object({ value: z.string(), label: z.string() });

export const enumsRouter = router({
  get: publicProcedure
    .input(z.object({ name: z.enum(ENUM_NAMES) }))
    .output(z.array(ZEnumValue))
    .query(({ ctx, input }) => getEnum(ctx, { name: input.name })),
});
