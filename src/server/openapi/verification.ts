/** /api/verification (modules/verification/routes.ts): a signed-in user's own verification. */
import {
  ALREADY_PENDING_MESSAGE,
  ALREADY_VERIFIED_MESSAGE,
  verificationStateSchema,
} from '../../shared/verification.ts';
import { apiError, errors, jsonSchema, quotaRefused, ref, response, says, signedIn, type ApiModule } from './common.ts';

const profileMissing = apiError(`The signed-in account has no profile: ${says('Your profile could not be found')}`);

export const verificationModule: ApiModule = {
  tag: {
    name: 'Verification',
    description: 'Apply to become a verified bettor; an admin then verifies or declines (see Admin).',
  },
  schemas: { VerificationState: jsonSchema(verificationStateSchema, 'output') },
  paths: {
    '/api/verification': {
      get: {
        operationId: 'getVerification',
        summary: "The signed-in user's verification status",
        security: signedIn,
        responses: {
          '200': response('unverified, pending or verified', ref('VerificationState')),
          '401': errors.notAuthenticated,
          '404': profileMissing,
        },
      },
    },
    '/api/verification/apply': {
      post: {
        operationId: 'applyForVerification',
        summary: 'Apply for verification: unverified becomes pending (no body)',
        security: signedIn,
        responses: {
          '201': response('The application is pending', ref('VerificationState')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('applying for verification'),
          '404': profileMissing,
          '409': apiError(
            `Nothing to apply for: ${says(ALREADY_PENDING_MESSAGE)} or ${says(ALREADY_VERIFIED_MESSAGE)}`,
          ),
        },
      },
    },
  },
};
