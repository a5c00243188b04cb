// The member's sign-in attempt (SPEC 7 authorize redirect, decision 460) waits in sessionStorage under
// this key until /mmm-openid/callback or /sign-in/callback reads it, apart from the driver's.

export const SIGN_IN_ATTEMPT_KEY = 'auxilio:sign-in';
