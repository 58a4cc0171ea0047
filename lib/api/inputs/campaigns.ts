import { z } from 'zod';

const slug = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,50}$/, 'A rotator slug has 3 to 50 letters, digits, - or _.');
const name = z
  .string()
  .trim()
  .min(1, 'Give the campaign a name.')
  .max(100, 'A campaign name can be at most 100 characters long.');

export const createCampaignInput = z.object({
  name: name.optional(),
  slug: slug.optional(),
  public: z.boolean().optional(),
});
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

/** The spec makes `name` required on update. */
export const updateCampaignInput = z.object({ name, slug: slug.optional(), public: z.boolean().optional() });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;
