// POST /api/leads: the wizard's submission (rate-limited per IP).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leadSubmissionResultSchema,
  leadSubmissionSchema,
  phoneVerificationMessages,
} from '@dealerleads/shared';
import type { DatabaseHandle } from '../../db/database';
import { badRequest } from '../../plugins/errors';
import { errorSchemas } from '../../plugins/openapi';
import { submitterIpHash } from '../moderation/moderation.service';
import { checkPhoneToken } from '../phone-verifications/phone-verifications.service';
import type { PriceGuideSources } from '../price-guide/price-guide.service';
import { submitLead } from './lead-submission.service';

export function leadSubmissionRoutes(
  database: DatabaseHandle,
  leadSubmitLimit: number,
  {
    leadTtlDays,
    clock,
    priceGuide,
    phoneVerification,
    fastFillSeconds,
    secret,
    publicUrl,
  }: {
    leadTtlDays: number;
    clock: () => Date;
    priceGuide: PriceGuideSources;
    phoneVerification: 'required' | 'optional';
    fastFillSeconds: number;
    secret: string;
    /** PUBLIC_URL: the private link sent again by SMS for a duplicate starts with it. */
    publicUrl: string;
  },
) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post('/leads', {
      schema: {
        tags: ['leads'],
        summary:
          "Submit a car (the lead wizard; consent required); answers with the owner's private link. Rate-limited per IP",
        description:
          "A repeat of the same phone and model within 30 days is refused (400) and the existing listing's private link is sent again by SMS to that number (at most once an hour per lead; the link is reissued). A lead goes to moderation (flags in GET /api/moderation) when its phone is on 2 or more leads of the last 30 days (repeated_phone), the phone looks made up (fake_phone), the price is outside the market guide (price_off_market), fillSeconds is under 20 (fast_fill), or 4 or more leads came from the same public IP in the last 24 hours (busy_ip; the IP is kept hashed for a day).",
        body: leadSubmissionSchema,
        response: { 201: leadSubmissionResultSchema, ...errorSchemas(400, 429) },
      },
      config: { rateLimit: { max: leadSubmitLimit, timeWindow: '1 minute' } },
      handler: async (request, reply) => {
        const now = clock();
        const ipHash = submitterIpHash(secret, request.ip);
        const { verificationToken, phoneNumber } = request.body;
        const proof =
          verificationToken === undefined
            ? 'missing'
            : checkPhoneToken(secret, verificationToken, phoneNumber, now);
        if (proof === 'other-number') throw badRequest(phoneVerificationMessages.otherNumber);
        if (proof !== 'ok' && (phoneVerification === 'required' || proof === 'invalid')) {
          throw badRequest(phoneVerificationMessages.verifyFirst);
        }
        return reply.code(201).send(
          await submitLead(database, request.body, {
            leadTtlDays,
            now,
            priceGuide,
            phoneVerified: proof === 'ok',
            publicUrl,
            fastFillSeconds,
            ...(ipHash === undefined ? {} : { ipHash }),
          }),
        );
      },
    });
  };
}
