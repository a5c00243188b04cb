// Driver sign-in (docs/decisions/761): the same authorization code + PKCE S256 redirect as a
// member's (SPEC 7), returning to /driver/callback. The attempt waits in sessionStorage (this tab)
// under its own key, apart from the member's.

export const DRIVER_CALLBACK_PATH = '/driver/callback';
export const DRIVER_SIGN_IN_ATTEMPT_KEY = 'auxilio:driver-sign-in';
