/** Validation messages of spec §5, word for word. */
export const VALIDATION_MESSAGES = {
  email: 'Value is not a valid email address',
  maxLength: (n: number): string => `The maximum length allowed is ${n}`,
  minLength: (n: number): string => `This field should be at least ${n} characters long`,
  required: 'Value is required',
  conditionalRequired: 'The value is required',
  sameAs: 'The value must be equal to the other value',
  url: 'The value is not a valid URL address',
  minValue: (n: number): string => `The minimum value allowed is ${n}`,
  /** Ours, in the style of minValue (the spec lists only the minimum). */
  maxValue: (n: number): string => `The maximum value allowed is ${n}`,
  decimal: 'Value must be decimal',
  /** Ours, in the spec's style: a number with a fraction where only whole numbers make sense. */
  wholeNumber: 'Value must be a whole number',
  /** Ours (the spec has no message for it): control and bidirectional-override characters in text. */
  invalidCharacters: 'The value contains characters that are not allowed',
} as const;

/** Client-side and error-catalogue messages of spec §8, word for word. */
export const ERROR_MESSAGES = {
  missingToken: 'Expected auth token but none found',
  identityLoggedOut: 'A user logged out',
  identityFetch: 'An unexpected error occcurred fetching a user identity',
  urlMissingParams: 'Url is missing params',
  resourceMissingId: 'A resource is missing an id value',
  forbidden: 'Forbidden, please contact support',
  networkError: 'Network Error',
  timeoutExceeded: 'timeout exceeded',
  requestAborted: 'Request aborted',
  unsupportedProtocol: 'Unsupported protocol',
} as const;
