import { SignInCallbackScreen } from '../../features/sign-in/components/sign-in-callback-screen.tsx';
import { SignInStartScreen } from '../../features/sign-in/components/sign-in-start-screen.tsx';

// SPEC 2 sign-in routes: /mmm-openid/login(-legacy) and /mmm-openid/callback, and our /sign-in and
// /sign-in/callback (decision 170). Each start route returns to its own callback.

export function MemberLogin() {
  return <SignInStartScreen callbackPath="/mmm-openid/callback" />;
}

export function MemberCallback() {
  return <SignInCallbackScreen startPath="/mmm-openid/login" />;
}

export function SignInStart() {
  return <SignInStartScreen callbackPath="/sign-in/callback" />;
}

export function SignInCallback() {
  return <SignInCallbackScreen startPath="/sign-in" />;
}
