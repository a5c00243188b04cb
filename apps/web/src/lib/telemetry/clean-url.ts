// Decision 632: the tag manager, analytics and the guide tool read the page's address themselves
// (a tag's "Page URL"). Entry links carry credentials and personal data in the query (a texted
// link's `t`, a geotext `phoneNumber`, an entry link's `name` and `memberId`, a sign-in `code`), and
// the screens that read them replace the address once they have. Those services start only then.

/** Query parameters that hold a credential or a person's data. */
const PERSONAL_QUERY_KEYS = [
  't',
  'token',
  'code',
  'state',
  'phoneNumber',
  'name',
  'fullName',
  'memberId',
  'identifier',
  'plate',
  'policyNumber',
  'email',
];

/** True when the address carries none of PERSONAL_QUERY_KEYS. */
export function isUrlClean(search: string): boolean {
  const params = new URLSearchParams(search);
  return !PERSONAL_QUERY_KEYS.some((key) => params.has(key));
}

/** Resolves once the page's address carries no credential or personal data (checked twice a second). */
export function untilUrlIsClean(win: Window = window, everyMs = 500): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!isUrlClean(win.location.search)) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const timer = win.setInterval(() => {
      if (check()) win.clearInterval(timer);
    }, everyMs);
  });
}
