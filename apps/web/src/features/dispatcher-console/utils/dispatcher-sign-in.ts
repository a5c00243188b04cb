// Dispatcher sign-in (docs/decisions/762): the same authorization code + PKCE S256 redirect as a
// driver's, returning to /dispatcher/callback. The attempt waits in sessionStorage (this tab) under
// its own key, so it never answers a driver's or a member's callback.

export const DISPATCHER_HOME_PATH = '/dispatcher';
export const DISPATCHER_CALLBACK_PATH = '/dispatcher/callback';
export const DISPATCHER_SIGN_IN_ATTEMPT_KEY = 'auxilio:dispatcher-sign-in';
