/**
 * /api/profiles/{username} (anyone: a profile, its bets and its ledger) and /api/profile (the
 * signed-in user's own profile, settings, analytics and export): modules/profiles/routes.ts.
 */
import {
  LEDGER_PAGE_MAX,
  chainShorterMessage,
  ledgerEntrySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
} from '../../shared/ledger.ts';
import { PROFILE_NOT_FOUND_ERROR, USERNAME_TAKEN_MESSAGE } from '../../shared/profiles.ts';
import {
  analyticsSchema,
  profileBetPageSchema,
  profileSettingsSchema,
  publicProfileSchema,
  updateProfileSchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilitySchema,
} from '../../shared/profile-schemas.ts';
import { CSV_COLUMNS } from '../modules/profiles/export.ts';
import { deletedBetsSchema } from '../../shared/disclosure-schemas.ts';
import { DELETED_LIST_MAX } from '../../shared/disclosures.ts';
import { downloadBudgetMessage, QUOTA_DEFAULTS } from '../../shared/quotas.ts';
import { betPageParameters } from './bets.ts';
import {
  API_ERROR,
  apiError,
  errors,
  json,
  quotaRefused,
  jsonBody,
  jsonSchema,
  queryParameters,
  ref,
  response,
  says,
  signedIn,
  signedInOrNot,
  username,
  type ApiModule,
  type Header,
} from './common.ts';

/** The default budget in words: "64 MB". */
const DOWNLOAD_BUDGET = `${QUOTA_DEFAULTS.ledgerDownloadBytesPerMinute / (1024 * 1024)} MB`;

const VISIBILITY =
  'A private profile answers 404, as a name nobody has, to everyone but its owner and admins; send the session cookie to be recognised.';

const attachment = (example: string): Header => ({
  description: `\`attachment; filename="${example}"\``,
  schema: { type: 'string' },
});
/** What a private profile's owner downloads must never be kept by a shared cache. */
const noStore: Header = { description: '`no-store`', schema: { type: 'string', const: 'no-store' } };

const ownProfileMissing = apiError(
  `The signed-in account has no profile (it was deleted meanwhile): ${says(PROFILE_NOT_FOUND_ERROR)}`,
);

export const publicProfilesModule: ApiModule = {
  tag: {
    name: 'Profiles',
    description: "Anyone's public profile: statistics, achievements, bets and the hash-chained ledger.",
  },
  schemas: {
    PublicProfile: jsonSchema(publicProfileSchema, 'output'),
    ProfileBetPage: jsonSchema(profileBetPageSchema, 'output'),
    LedgerEntry: jsonSchema(ledgerEntrySchema, 'output'),
    LedgerPage: jsonSchema(ledgerPageSchema, 'output'),
    DeletedBets: jsonSchema(deletedBetsSchema, 'output'),
  },
  paths: {
    '/api/profiles/{username}': {
      get: {
        operationId: 'getProfile',
        summary: "A profile: statistics, achievements, social links and the ledger's head",
        description: VISIBILITY,
        security: signedInOrNot,
        parameters: [username],
        responses: {
          '200': response('The profile (`isOwner` is true for its signed-in owner)', ref('PublicProfile')),
          '404': errors.noProfile,
        },
      },
    },
    '/api/profiles/{username}/bets': {
      get: {
        operationId: 'listProfileBets',
        summary: "A profile's bets, newest recorded first, a page at a time",
        description: VISIBILITY,
        security: signedInOrNot,
        parameters: [username, ...betPageParameters()],
        responses: {
          '200': response('A page of bets', ref('ProfileBetPage')),
          '404': errors.noProfile,
          '422': errors.invalid,
        },
      },
    },
    '/api/profiles/{username}/deleted': {
      get: {
        operationId: 'listDeletedBets',
        summary: "A profile's bets deleted before their start, newest first, from its ledger",
        description:
          `At most ${DELETED_LIST_MAX} (\`total\` counts them all). A bet may be deleted only within 15 minutes of ` +
          'recording it and before its event starts; each deletion stays in the public ledger. ' +
          "Same visibility as the profile's statistics.",
        security: signedInOrNot,
        parameters: [username],
        responses: {
          '200': response('The deleted bets', ref('DeletedBets')),
          '404': errors.noProfile,
        },
      },
    },
    '/api/profiles/{username}/ledger': {
      get: {
        operationId: 'getLedger',
        summary: "A profile's public hash-chained ledger, oldest entry first, a page at a time",
        description:
          'Every recorded, settled or deleted (before its start) bet appends one entry; `hash` is the SHA-256 of ' +
          '`prevHash` followed by the RFC 8785 canonical JSON of the entry without `hash`. See docs/LEDGER.md. ' +
          "Same visibility as the profile's statistics.",
        security: signedInOrNot,
        parameters: [
          username,
          ...queryParameters(ledgerQuerySchema, {
            after: 'Entries with a greater seq (0: from the first).',
            limit: `How many entries, at most ${LEDGER_PAGE_MAX}.`,
          }),
        ],
        responses: {
          '200': response('The head and a page of entries', ref('LedgerPage')),
          '404': errors.noProfile,
          '409': apiError(
            `\`after\` is beyond the chain's head (a saved head from a longer, or another, chain): ${says(chainShorterMessage(12))}`,
          ),
          '422': errors.invalid,
        },
      },
    },
    '/api/profiles/{username}/ledger.ndjson': {
      get: {
        operationId: 'downloadLedger',
        summary: 'The whole ledger as NDJSON, one entry per line, oldest first (what `betproof verify` reads)',
        description:
          'Each line is the canonical JSON of an entry with `hash` last, exactly the bytes that were hashed. ' +
          "Same visibility as the profile's statistics.",
        security: signedInOrNot,
        parameters: [username],
        responses: {
          '200': {
            description: 'The entries, streamed',
            headers: {
              'Content-Disposition': attachment('betproof-ledger-{username}.ndjson'),
              'Cache-Control': noStore,
            },
            content: { 'application/x-ndjson': { schema: ref('LedgerEntry') } },
          },
          '404': errors.noProfile,
          '429': {
            description:
              `Over the download budget of the client's address: ${DOWNLOAD_BUDGET} of these downloads a minute by ` +
              'default (LEDGER_DOWNLOAD_BYTES_PER_MINUTE), counted as they are sent; while any is left a download ' +
              `goes through, then every one is refused, before anything is read, until the minute ends; e.g. ${says(downloadBudgetMessage(QUOTA_DEFAULTS.ledgerDownloadBytesPerMinute, 42))}.`,
            headers: {
              'Retry-After': {
                description: 'Seconds until the budget counts a download again.',
                schema: { type: 'integer', minimum: 1 },
              },
            },
            content: json(ref(API_ERROR)),
          },
        },
      },
    },
  },
};

export const ownProfileModule: ApiModule = {
  tag: {
    name: 'Your profile',
    description: "The signed-in user's own profile, its settings, analytics and CSV export.",
  },
  schemas: {
    UpdateProfileInput: jsonSchema(updateProfileSchema, 'input'),
    ProfileSettings: jsonSchema(profileSettingsSchema, 'input'),
    Analytics: jsonSchema(analyticsSchema, 'output'),
    UsernameAvailability: jsonSchema(usernameAvailabilitySchema, 'output'),
  },
  paths: {
    '/api/profile': {
      get: {
        operationId: 'getOwnProfile',
        summary: "The signed-in user's profile, private or not",
        security: signedIn,
        responses: {
          '200': response('The profile (`isOwner` true)', ref('PublicProfile')),
          '401': errors.notAuthenticated,
          '404': ownProfileMissing,
        },
      },
      patch: {
        operationId: 'updateOwnProfile',
        summary: 'Change your username, display name or both',
        security: signedIn,
        requestBody: jsonBody('UpdateProfileInput'),
        responses: {
          '200': response('The updated profile', ref('PublicProfile')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('saving profile changes'),
          '404': ownProfileMissing,
          '409': apiError(
            `The username belongs to someone else: ${says(USERNAME_TAKEN_MESSAGE)}, with the same message in \`fields.username\``,
          ),
          '422': errors.invalid,
        },
      },
    },
    '/api/profile/username-availability': {
      get: {
        operationId: 'checkUsernameAvailability',
        summary: 'Whether you could take a username: nobody has it, or it is already yours',
        description:
          'A name that is not a valid username (3-30 of a-z 0-9 _ .) or is reserved answers 422 with the message saving it would give.',
        security: signedIn,
        parameters: queryParameters(usernameAvailabilityQuerySchema, {
          username: 'The name to check, any case; answered trimmed and lowercase.',
        }),
        responses: {
          '200': response('The name as it would be saved, and whether it is free', ref('UsernameAvailability')),
          '401': errors.notAuthenticated,
          '422': errors.invalid,
        },
      },
    },
    '/api/profile/settings': {
      put: {
        operationId: 'saveProfileSettings',
        summary: 'Replace your settings: public or private, and social links',
        security: signedIn,
        requestBody: jsonBody('ProfileSettings'),
        responses: {
          '200': response('The profile with the new settings', ref('PublicProfile')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.writes('saving profile changes'),
          '404': ownProfileMissing,
          '422': errors.invalid,
        },
      },
    },
    '/api/profile/analytics': {
      get: {
        operationId: 'getOwnAnalytics',
        summary: 'Your analytics: cumulative profit, by sport, by month, streaks',
        description:
          'The figures your profile states: a win at odds above market counts at the best price seen in the ROI, ' +
          'the average odds and every profit (the line, each sport, each month); the runs and the drawdown are ' +
          'the record as settled.',
        security: signedIn,
        responses: {
          '200': response('Computed from all your bets', ref('Analytics')),
          '401': errors.notAuthenticated,
          '429': quotaRefused.heavyRead('analytics', 'asking for your analytics'),
        },
      },
    },
    '/api/profile/export.csv': {
      get: {
        operationId: 'exportOwnBets',
        summary: 'All your bets as a CSV file, newest recorded first',
        description:
          `UTF-8 with a BOM, RFC 4180, CRLF line ends; columns: ${CSV_COLUMNS.join(', ')}. ` +
          'amount_units and profit_loss_units are in the unit size kept with each bet when it was recorded (its ' +
          'unit_size; empty when none was set then), not the setting now. ' +
          'Text you typed (description, odds) that a spreadsheet would read as a formula gets a leading single quote.',
        security: signedIn,
        responses: {
          '200': {
            description: 'The file, streamed',
            headers: {
              'Content-Disposition': attachment('betproof-bets-{username}-{YYYY-MM-DD}.csv'),
              'Cache-Control': noStore,
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          '401': errors.notAuthenticated,
          '404': ownProfileMissing,
          '429': quotaRefused.heavyRead('export', 'exporting your bets'),
        },
      },
    },
  },
};
