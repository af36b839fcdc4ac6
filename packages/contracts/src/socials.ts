import { z } from 'zod';
import { dateTimeSchema } from './common';

export const socialNetworks = ['facebook', 'twitch', 'twitter', 'youtube', 'google-drive', 'ftp'] as const;
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
