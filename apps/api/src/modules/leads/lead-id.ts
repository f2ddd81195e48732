// A lead id in a path: the one parse every lead route (and the unlock) applies.
import { z } from 'zod';
import { apiMessages } from '@dealerleads/shared';
import { badRequest } from '../../plugins/errors';

export const leadIdParams = z.object({ id: z.string().max(20) });

/** A non-numeric or non-positive id is 'Invalid lead ID'. */
export function parseLeadId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw badRequest(apiMessages.invalidLeadId);
  return id;
}
