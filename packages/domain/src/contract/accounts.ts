import { z } from 'zod/mini';
import { AccountKindSchema, BranchSchema, PolicyLimitVersionSchema } from '../enumerations.ts';
import { ServiceTypeNameSchema } from '../service-types.ts';

/** Database and wire id of an account: 24 lowercase hex characters (legacy object id shape). */
export const AccountIdSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{24}$/, 'Expected a 24-character hex id'));

/** Amount in cents (SPEC 9: "Amounts are in cents"). */
export const CentsSchema = z.number().check(z.int(), z.nonnegative());

/**
 * Per-account switches for rules that SPEC 4 gives to "certain accounts". Each is a flag so that no
 * code tests an account id.
 */
export const AccountConfigSchema = z.object({
  /** SPEC 3 "config.policyLimitVersion". */
  policyLimitVersion: z._default(PolicyLimitVersionSchema, 'V1'),
  /** SPEC 4: "to /finished for certain account ids and /survey for the rest". */
  finishedScreenAfterService: z._default(z.boolean(), false),
  /** SPEC 4 tracking: "For some accounts the step 'survey' is shown as 'finished'". */
  surveyStepShownAsFinished: z._default(z.boolean(), false),
  /** SPEC 4 tracking: "for some accounts whose service is Finished the step becomes 'social'". */
  socialStepWhenFinished: z._default(z.boolean(), false),
  /** SPEC 9: "Fees apply only to the 'connect' brand or when the legacy receipt preview is on". */
  legacyReceiptPreview: z._default(z.boolean(), false),
  /** SPEC 2 "/services": help text of the optional Other tile (home track). */
  otherTileHelpText: z._default(z.nullable(z.string()), null),
  /**
   * SPEC 3 "payment methods cash, ...": the account's providers collect cash, so /payment offers it
   * (decision 665). Absent or false: no cash.
   */
  cashPaymentAllowed: z.optional(z.boolean()),
});
export type AccountConfig = z.infer<typeof AccountConfigSchema>;

/** SPEC 3 "Account". */
export const AccountSchema = z.object({
  _id: AccountIdSchema,
  name: z.string(),
  smsName: z.string(),
  branch: BranchSchema,
  /** Brand slug (packages/brands). */
  brand: z.string(),
  /** SPEC 1: "A Member and a Visitor account exist as separate accounts per branch". */
  kind: AccountKindSchema,
  phone: z.string(),
  serviceCoordinationPhone: z.string(),
  /** Salesforce account id of the branch (SPEC 3 "salesforce (account id)"). */
  salesforce: z.string(),
  config: AccountConfigSchema,
  /** Management fee in cents. */
  managementFee: CentsSchema,
  /** Fee in cents by service type name. */
  serviceFees: z.partialRecord(ServiceTypeNameSchema, CentsSchema),
  /** Tax label shown on receipts and its rate as a fraction (0.115 = 11.5 %). */
  tax: z.object({ label: z.string(), rate: z.number().check(z.gte(0), z.lte(1)) }),
  homeServicesAllowed: z.array(ServiceTypeNameSchema),
  pwaHomeServicesAllowed: z.array(ServiceTypeNameSchema),
  pwaRoadServicesAllowed: z.array(ServiceTypeNameSchema),
});
export type Account = z.infer<typeof AccountSchema>;

/** SPEC 3 Session "a campaign may carry serviceTypes"; its name is sent as DIDNumber. */
export const CampaignSchema = z.object({
  name: z.string(),
  account: AccountIdSchema,
  brand: z.string(),
  serviceTypes: z.array(ServiceTypeNameSchema),
  active: z.boolean(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/**
 * SPEC 3 Session "integrations (connect-app-service-creation, connect-app-tracking; service creation
 * has disableContractSearch)" and SPEC 4 "the integration's success redirect URL".
 */
/**
 * The https origins an integration's success redirect may go to (decision 630): a redirect outside
 * this list is never followed (flow/success-redirect.ts).
 */
const AllowedRedirectOriginsSchema = z._default(
  z.array(z.string().check(z.maxLength(200))).check(z.maxLength(20)),
  [],
);

export const IntegrationSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('connect-app-service-creation'),
    enabled: z.boolean(),
    config: z.object({
      disableContractSearch: z._default(z.boolean(), false),
      /** SPEC 7 service-requests: "may redirect to a configured success link". */
      successRedirectUrl: z._default(z.nullable(z.url()), null),
      allowedRedirectOrigins: AllowedRedirectOriginsSchema,
    }),
  }),
  z.object({
    name: z.literal('connect-app-tracking'),
    enabled: z.boolean(),
    config: z.object({
      successRedirectUrl: z._default(z.nullable(z.url()), null),
      allowedRedirectOrigins: AllowedRedirectOriginsSchema,
    }),
  }),
]);
export type Integration = z.infer<typeof IntegrationSchema>;
export const IntegrationListSchema = z.array(IntegrationSchema);
