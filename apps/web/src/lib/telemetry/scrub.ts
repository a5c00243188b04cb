// Decision 632: nothing personal leaves the phone in a telemetry event. Every string of an event is
// passed through scrubText: URLs lose their query and fragment (entry links carry names, plates and
// tokens), and e-mail addresses, phone-like numbers, tokens and the customer's own values (names,
// phone, plate, e-mail, addresses, from the session) are replaced by a placeholder.

const EMAIL = /[^\s@/?#&=:"'<>()[\],;]+@[^\s@/?#&=:"'<>()[\],;]+\.[a-z]{2,}/gi;
/** Seven or more digits, possibly grouped, standing alone: phone, card and member numbers. */
const NUMBER_RUN = /(?<!\w)\+?\d[\d\s().-]{5,}\d(?!\w)/g;
/** A long run of URL-safe characters mixing upper case, lower case and digits: tokens, JWT parts. */
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;
/** A JSON Web Token (three base64url parts, the first a JSON header). */
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
/** An http(s) URL or an absolute path inside a text, up to its query or fragment, and that part. */
const QUERY_IN_TEXT = /((?:\bhttps?:\/\/|(?<![\w.])\/)[^\s"'<>?#]*)[?#][^\s"'<>]*/g;

/** A URL without its query and fragment; relative URLs keep their form. */
export function scrubUrl(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern for the customer's own values, longest first so a full name wins over its words. */
function knownValuesPattern(values: readonly string[]): RegExp | null {
  const unique = [...new Set(values.map((value) => value.trim()).filter((v) => v.length >= 3))];
  if (unique.length === 0) return null;
  unique.sort((a, b) => b.length - a.length);
  return new RegExp(unique.map(escapeRegExp).join('|'), 'gi');
}

function isTokenLike(text: string): boolean {
  return /[A-Z]/.test(text) && /[a-z]/.test(text) && /\d/.test(text);
}

/** The text with URLs cut to their path and personal values replaced. */
export function scrubText(text: string, knownValues: readonly string[] = []): string {
  const known = knownValuesPattern(knownValues);
  let result = text.replace(QUERY_IN_TEXT, '$1').replace(EMAIL, '[email]');
  if (known) result = result.replace(known, '[redacted]');
  return result
    .replace(JWT, '[token]')
    .replace(NUMBER_RUN, '[number]')
    .replace(TOKEN_LIKE, (match) => (isTokenLike(match) ? '[token]' : match));
}

/** Keys whose values are the report's own ids and times (protocol fields), left as they are. */
const PROTOCOL_KEYS = new Set([
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'segment_id',
  'sid',
  'timestamp',
  'start_timestamp',
  'platform',
  'level',
  'type',
  'op',
  'origin',
  'status',
  'sdk',
  'environment',
  'release',
  'dist',
]);

/** Keys of data that is personal by nature and dropped whole. */
const DROPPED_KEYS = new Set(['user', 'cookies', 'headers', 'query_string', 'data_body']);

/**
 * A copy of an event (error or transaction) with every string scrubbed, the user, cookies, headers
 * and query strings dropped, and the protocol fields (ids, times, SDK) kept as they are.
 */
export function scrubEvent<E extends object>(event: E, knownValues: readonly string[]): E {
  const known = [...knownValues];
  const walk = (value: unknown, key: string | null): unknown => {
    if (key !== null && PROTOCOL_KEYS.has(key)) return value;
    if (typeof value === 'string') return scrubText(value, known);
    if (Array.isArray(value)) return value.map((item) => walk(item, null));
    if (value !== null && typeof value === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [name, item] of Object.entries(value)) {
        if (DROPPED_KEYS.has(name)) continue;
        copy[name] = walk(item, name);
      }
      return copy;
    }
    return value;
  };
  return walk(event, null) as E;
}
