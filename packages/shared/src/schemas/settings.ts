// Marketplace settings an Admin can change at run time (stored in the `settings` table, defaults here).
import { z } from './zod';

export const marketplaceSettingsSchema = z.object({
  /** How many dealers may unlock one lead (docs/credits.md). */
  maxDealersPerLead: z
    .number({ error: 'Most dealers per lead must be a whole number' })
    .int('Most dealers per lead must be a whole number')
    .min(1, 'Most dealers per lead must be at least 1')
    .max(100, 'Most dealers per lead must be at most 100'),
  /** Whether leads flagged by moderation stay out of the list until an Admin approves them. */
  holdFlaggedLeads: z.boolean({ error: 'Hold flagged leads must be true or false' }),
});
export type MarketplaceSettings = z.infer<typeof marketplaceSettingsSchema>;

export const DEFAULT_SETTINGS: MarketplaceSettings = {
  maxDealersPerLead: 5,
  holdFlaggedLeads: true,
};

/** An Admin's change: any subset of the settings, at least one (other keys are dropped, never echoed). */
export const settingsUpdateSchema = marketplaceSettingsSchema
  .partial()
  .refine((update) => Object.values(update).some((v) => v !== undefined), {
    message: 'Give at least one setting to change',
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
