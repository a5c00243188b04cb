import { z } from 'zod/mini';
import { isHexColor } from './hex-color.ts';
import { BranchSchema, TrackSchema } from './enumerations.ts';
import { ServiceTypeNameSchema } from './service-types.ts';
import { SurveyQuestionSchema } from './contract/survey.ts';

// SPEC 1, 2, 6, 9: each brand has its own logo, icons, favicon, manifest, colour theme (default font
// Inter, default primary colour orange), help phone and chat per country. ARCHITECTURE decision 6:
// every brand rule of the spec is a capability flag here, never `if (brand === 'mmm')`.

export const HexColorSchema = z
  .string()
  .check(z.refine(isHexColor, 'Expected a 3- or 6-digit hex colour'));

/** Default theme: SPEC 1 "default font Inter, default primary colour orange". */
export const DEFAULT_FONT = 'Inter';
export const DEFAULT_PRIMARY_COLOR = '#c2410c';

export const BrandThemeSchema = z.object({
  /** Buttons, links, progress bar. */
  primary: z._default(HexColorSchema, DEFAULT_PRIMARY_COLOR),
  /** Text drawn on the primary colour (must pass WCAG AA against it). */
  onPrimary: z._default(HexColorSchema, '#ffffff'),
  /** Page background. */
  background: z._default(HexColorSchema, '#ffffff'),
  /** Body text on the background (must pass WCAG AA against it). */
  text: z._default(HexColorSchema, '#1f2937'),
  /** Header bar background and its text. */
  header: z._default(HexColorSchema, '#ffffff'),
  onHeader: z._default(HexColorSchema, '#1f2937'),
  font: z._default(z.string().check(z.minLength(1)), DEFAULT_FONT),
});
export type BrandTheme = z.infer<typeof BrandThemeSchema>;

/** Paths are relative to the brand's folder in packages/brands. */
export const BrandAssetsSchema = z.object({
  logo: z.string().check(z.regex(/\.svg$/)),
  icon: z.string().check(z.regex(/\.svg$/)),
  favicon: z.string().check(z.regex(/\.svg$/)),
});

/** The fields of the brand's web app manifest that differ per brand. */
export const BrandManifestSchema = z.object({
  name: z.string().check(z.minLength(1)),
  shortName: z.string().check(z.minLength(1), z.maxLength(12)),
  description: z.string().check(z.minLength(1)),
});

/** Help numbers per country. SPEC 2 "Help dialog: a phone-call option always; a chat (link) option". */
export const BrandHelpSchema = z.object({
  /** E.164 phone number per branch: the call option. */
  phones: z.partialRecord(BranchSchema, z.string().check(z.regex(/^\+\d{8,15}$/))),
  /** Chat link per branch (e.g. a messaging deep link). */
  chats: z.partialRecord(BranchSchema, z.url()),
});

export const VehicleLookupModeSchema = z.enum(['plate', 'name', 'memberId', 'policyNumber']);
/** SPEC 5 "Vehicle search term": by name, plate, member id (MMM, multiple-home) or policy number (otium). */
export type VehicleLookupMode = z.infer<typeof VehicleLookupModeSchema>;

export const SocialLinkSchema = z.object({
  network: z.enum(['facebook', 'instagram', 'x', 'youtube', 'linkedin', 'tiktok']),
  url: z.url(),
});

export const BrandSchema = z.object({
  /** Folder name and the `brand` query value. */
  slug: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  name: z.string().check(z.minLength(1)),
  /** Country of the brand's default account. */
  country: BranchSchema,
  /** Branches where the brand has accounts (a Member and a Visitor account each). */
  branches: z.array(BranchSchema).check(z.minLength(1)),
  /** SPEC 2: "The host name can decide brand and account". */
  hosts: z._default(z.array(z.string().check(z.regex(/^[a-z0-9.-]+$/))), []),
  theme: BrandThemeSchema,
  assets: BrandAssetsSchema,
  manifest: BrandManifestSchema,
  help: BrandHelpSchema,
  /** SPEC 2: "a chat (link) option hidden for the brands mmm, mmm-empleados, vanti and asc". */
  hideChat: z._default(z.boolean(), false),
  /** SPEC 1: "Some brands are co-branded in the header next to the provider logo". */
  coBranded: z._default(z.boolean(), false),
  /** SPEC 2 "/corporate/home ... Only for corporate brands". */
  corporate: z._default(z.boolean(), false),
  /** Tracks the brand offers; the first is the default. */
  tracks: z._default(z.array(TrackSchema).check(z.minLength(1)), ['road']),
  /** SPEC 1: "Brands with an on-demand or home track have their own account and contract lookup". */
  homeOnDemand: z._default(z.boolean(), false),
  /** SPEC 5 "Vehicle search term". */
  vehicleLookup: z._default(VehicleLookupModeSchema, 'plate'),
  /** SPEC 4: "connect brand or disabled contract search goes to /clients". */
  contractSearchDisabled: z._default(z.boolean(), false),
  /** SPEC 4: "After the summary the route is /payment for the 'connect' brand". */
  paymentRequired: z._default(z.boolean(), false),
  /** SPEC 9: "Fees apply only to the 'connect' brand or when the legacy receipt preview is on". */
  feesApply: z._default(z.boolean(), false),
  /** SPEC 4: tip step "skipped when tipping is not allowed for the brand, branch or type". */
  tipping: z._default(
    z.object({
      allowed: z.boolean(),
      /** Branches where tips are taken; empty means every branch of the brand. */
      branches: z._default(z.array(BranchSchema), []),
      excludedServiceTypes: z._default(z.array(ServiceTypeNameSchema), []),
    }),
    { allowed: false, branches: [], excludedServiceTypes: [] },
  ),
  /** SPEC 4 "Survey submit: to /feedback for some brands". */
  feedbackAfterSurvey: z._default(z.boolean(), false),
  survey: z.object({ questions: z.array(SurveyQuestionSchema).check(z.minLength(1)) }),
  /** SPEC 2 "Social: 'Share your experience' with links to two social networks". */
  social: z.array(SocialLinkSchema).check(z.length(2)),
  /** SPEC 9: "receipt total hidden for some brands when the total is 0". */
  hideZeroReceiptTotal: z._default(z.boolean(), false),
  /** SPEC 2: "A vehicle info block shows ... optional VIN and phone for some brands". */
  vehicleInfoShowsVinAndPhone: z._default(z.boolean(), false),
  /** SPEC 2: "a different illustration for brand connect-home-repair-ondemand-pr". */
  cancelIllustration: z._default(z.enum(['road', 'home']), 'road'),
  /** SPEC 2: "An optional Other tile (home track, only when a help text is configured)". */
  otherTileHelpText: z.optional(z.string().check(z.minLength(1))),
});
export type Brand = z.infer<typeof BrandSchema>;
export type BrandInput = z.input<typeof BrandSchema>;
