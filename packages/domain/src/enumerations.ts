import { z } from 'zod/mini';

// SPEC 3 "Enumerations" and SPEC 9: the closed value sets of the product.

/** Branch (country) short codes. SPEC 9: "Short codes PR, PA, CR, CO, MX." */
export const BRANCHES = ['PR', 'PA', 'CR', 'CO', 'MX'] as const;
export const BranchSchema = z.enum(BRANCHES);
export type Branch = z.infer<typeof BranchSchema>;

/** SPEC 3: "tracks road, home, claims". */
export const TRACKS = ['road', 'home', 'claims'] as const;
export const TrackSchema = z.enum(TRACKS);
export type Track = z.infer<typeof TrackSchema>;

/** SPEC 3: "address types PROVIDER, SITUATION, DESTINATION, NONE". */
export const ADDRESS_TYPES = ['PROVIDER', 'SITUATION', 'DESTINATION', 'NONE'] as const;
export const AddressTypeSchema = z.enum(ADDRESS_TYPES);
export type AddressType = z.infer<typeof AddressTypeSchema>;

/** SPEC 3: "payment methods cash, ath_movil, card". */
export const PAYMENT_METHODS = ['cash', 'ath_movil', 'card'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** SPEC 3: "policy limit versions V1, V2". */
export const POLICY_LIMIT_VERSIONS = ['V1', 'V2'] as const;
export const PolicyLimitVersionSchema = z.enum(POLICY_LIMIT_VERSIONS);
export type PolicyLimitVersion = z.infer<typeof PolicyLimitVersionSchema>;

/** SPEC 3: "survey question types startRating, yesNo, numericStepper, slider, textarea, ratingButton". */
export const SURVEY_QUESTION_TYPES = [
  'startRating',
  'yesNo',
  'numericStepper',
  'slider',
  'textarea',
  'ratingButton',
] as const;
export const SurveyQuestionTypeSchema = z.enum(SURVEY_QUESTION_TYPES);
export type SurveyQuestionType = z.infer<typeof SurveyQuestionTypeSchema>;

/** SPEC 3: "currencies usd, crc". */
export const CURRENCIES = ['usd', 'crc'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

/** SPEC 3: "cancel reasons: 'Proceso muy complicado', 'Continué por teléfono', 'No necesito servicio'". */
export const CANCEL_REASONS = [
  'Proceso muy complicado',
  'Continué por teléfono',
  'No necesito servicio',
] as const;
export const CancelReasonSchema = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReasonSchema>;

/** SPEC 3: "survey passenger options THREE, FIVE, SEVEN, OTHER". */
export const PASSENGER_OPTIONS = ['THREE', 'FIVE', 'SEVEN', 'OTHER'] as const;
export const PassengerOptionSchema = z.enum(PASSENGER_OPTIONS);
export type PassengerOption = z.infer<typeof PassengerOptionSchema>;

/** SPEC 3 "Home notes": "availability (morning, afternoon, all day)". Wire values are snake case. */
export const HOME_AVAILABILITIES = ['morning', 'afternoon', 'all_day'] as const;
export const HomeAvailabilitySchema = z.enum(HOME_AVAILABILITIES);
export type HomeAvailability = z.infer<typeof HomeAvailabilitySchema>;

/** SPEC 3 "Locations": "permission (GRANTED, DENIED, NOT_ASKED)". */
export const LOCATION_PERMISSIONS = ['GRANTED', 'DENIED', 'NOT_ASKED'] as const;
export const LocationPermissionSchema = z.enum(LOCATION_PERMISSIONS);
export type LocationPermission = z.infer<typeof LocationPermissionSchema>;

/** SPEC 2/6: Member and Visitor accounts exist as separate accounts per branch. */
export const ACCOUNT_KINDS = ['member', 'visitor'] as const;
export const AccountKindSchema = z.enum(ACCOUNT_KINDS);
export type AccountKind = z.infer<typeof AccountKindSchema>;

/** Languages of the app. SPEC 9: "Default language es". */
export const LANGUAGES = ['es', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'es';
