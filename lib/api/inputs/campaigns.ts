import { z } from 'zod';
import { words } from '../../words';

const slug = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,50}$/, words('input.campaign.slug', { min: 3, max: 50 }));
const name = z
  .string()
  .trim()
  .min(1, words('input.campaign.name'))
  .max(100, words('input.tooLong.campaignName', { max: 100 }));

export const createCampaignInput = z.object({
  name: name.optional(),
  slug: slug.optional(),
  public: z.boolean().optional(),
});
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

/** The spec makes `name` required on update. */
export const updateCampaignInput = z.object({ name, slug: slug.optional(), public: z.boolean().optional() });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;
