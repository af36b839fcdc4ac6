import { z } from 'zod';
import { dateTimeSchema } from './common';
import { socialNetworks } from './values';

export { socialNetworks };

export const socialSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    network: z.enum(socialNetworks),
    name: z.string(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Social' });
export type Social = z.infer<typeof socialSchema>;
