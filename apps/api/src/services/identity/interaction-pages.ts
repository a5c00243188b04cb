// The bundled provider's sign-in and consent pages (docs/decisions/460): server-rendered HTML, no
// scripts, one static stylesheet (CSP `default-src 'none'; style-src 'self'; form-action 'self'`),
// Spanish first, English when the browser prefers it.

export type PageLanguage = 'es' | 'en';

/**
 * Who signs in: a member (card number), a driver of the fleet (e-mail; docs/decisions/761) or a
 * dispatcher of the console (e-mail; docs/decisions/762).
 */
export type PageAudience = 'member' | 'driver' | 'dispatcher';

const TEXTS = {
  es: {
    title: 'Inicio de sesión para miembros',
    intro: 'Entre con su número de tarjeta de miembro y su PIN.',
    cardnumber: 'Número de tarjeta',
    pin: 'PIN',
    submit: 'Entrar',
    cancel: 'Cancelar',
    wrongCredentials: 'El número de tarjeta o el PIN no son correctos.',
    consentTitle: 'Autorizar a Auxilio',
    consentIntro: 'Auxilio recibirá su nombre, su apellido y su número de tarjeta de miembro.',
    allow: 'Permitir',
    deny: 'No permitir',
    demoNote: 'Proveedor de identidad de demostración: los miembros de prueba están en el README.',
    driverTitle: 'Inicio de sesión para conductores',
    driverIntro: 'Entre con el correo de su cuenta de conductor y su PIN.',
    email: 'Correo electrónico',
    driverWrongCredentials: 'El correo o el PIN no son correctos.',
    driverConsentIntro: 'Auxilio recibirá su nombre, su correo y su rol de conductor.',
    dispatcherTitle: 'Inicio de sesión para despachadores',
    dispatcherIntro: 'Entre con el correo de su cuenta de despachador y su PIN.',
    dispatcherConsentIntro: 'Auxilio recibirá su nombre, su correo y su rol de despachador.',
  },
  en: {
    title: 'Member sign-in',
    intro: 'Sign in with your member card number and your PIN.',
    cardnumber: 'Card number',
    pin: 'PIN',
    submit: 'Sign in',
    cancel: 'Cancel',
    wrongCredentials: 'The card number or the PIN is not correct.',
    consentTitle: 'Authorize Auxilio',
    consentIntro: 'Auxilio will receive your first name, last name and member card number.',
    allow: 'Allow',
    deny: 'Do not allow',
    demoNote: 'Demonstration identity provider: the test members are listed in the README.',
    driverTitle: 'Driver sign-in',
    driverIntro: 'Sign in with the e-mail of your driver account and your PIN.',
    email: 'E-mail',
    driverWrongCredentials: 'The e-mail or the PIN is not correct.',
    driverConsentIntro: 'Auxilio will receive your name, your e-mail and your driver role.',
    dispatcherTitle: 'Dispatcher sign-in',
    dispatcherIntro: 'Sign in with the e-mail of your dispatcher account and your PIN.',
    dispatcherConsentIntro: 'Auxilio will receive your name, your e-mail and your dispatcher role.',
  },
} as const;

/** Spanish unless the browser's first language is English (SPEC 1 "The default language is Spanish"). */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'es';
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(language: PageLanguage, stylesheet: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main>
${body}
<p class="note">${escapeHtml(TEXTS[language].demoNote)}</p>
</main>
</body>
</html>`;
}

export interface LoginPageInput {
  language: PageLanguage;
  /** Member unless said otherwise. */
  audience?: PageAudience;
  stylesheet: string;
  loginAction: string;
  abortAction: string;
  /** What was typed as the account: a card number, or a driver's or dispatcher's e-mail. */
  cardnumber?: string;
  failed?: boolean;
}

function accountField(language: PageLanguage, audience: PageAudience, typed: string): string {
  const t = TEXTS[language];
  const value = escapeHtml(typed);
  return audience !== 'member'
    ? `<label>${escapeHtml(t.email)}
<input name="email" type="email" inputmode="email" autocomplete="username" required maxlength="120" value="${value}">
</label>`
    : `<label>${escapeHtml(t.cardnumber)}
<input name="cardnumber" inputmode="numeric" autocomplete="username" required maxlength="40" value="${value}">
</label>`;
}

/** The login page's texts for its audience (drivers and dispatchers type an e-mail). */
function loginTexts(language: PageLanguage, audience: PageAudience) {
  const t = TEXTS[language];
  switch (audience) {
    case 'driver':
      return { title: t.driverTitle, intro: t.driverIntro, wrong: t.driverWrongCredentials };
    case 'dispatcher':
      return {
        title: t.dispatcherTitle,
        intro: t.dispatcherIntro,
        wrong: t.driverWrongCredentials,
      };
    case 'member':
      return { title: t.title, intro: t.intro, wrong: t.wrongCredentials };
  }
}

function consentIntroOf(language: PageLanguage, audience: PageAudience): string {
  const t = TEXTS[language];
  if (audience === 'driver') return t.driverConsentIntro;
  return audience === 'dispatcher' ? t.dispatcherConsentIntro : t.consentIntro;
}

export function renderLoginPage(input: LoginPageInput): string {
  const t = TEXTS[input.language];
  const { title, intro, wrong } = loginTexts(input.language, input.audience ?? 'member');
  const error = input.failed ? `<p class="error" role="alert">${escapeHtml(wrong)}</p>` : '';
  return page(
    input.language,
    input.stylesheet,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
${error}
<form method="post" action="${escapeHtml(input.loginAction)}">
${accountField(input.language, input.audience ?? 'member', input.cardnumber ?? '')}
<label>${escapeHtml(t.pin)}
<input name="pin" type="password" inputmode="numeric" autocomplete="current-password" required maxlength="40">
</label>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">${escapeHtml(t.cancel)}</button>
</form>`,
  );
}

export interface ConsentPageInput {
  language: PageLanguage;
  /** Member unless said otherwise. */
  audience?: PageAudience;
  stylesheet: string;
  confirmAction: string;
  abortAction: string;
}

export function renderConsentPage(input: ConsentPageInput): string {
  const t = TEXTS[input.language];
  return page(
    input.language,
    input.stylesheet,
    t.consentTitle,
    `<h1>${escapeHtml(t.consentTitle)}</h1>
<p>${escapeHtml(consentIntroOf(input.language, input.audience ?? 'member'))}</p>
<form method="post" action="${escapeHtml(input.confirmAction)}">
<button type="submit">${escapeHtml(t.allow)}</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">${escapeHtml(t.deny)}</button>
</form>`,
  );
}

/** The pages' only stylesheet, served by the provider's routes (no inline styles). */
export const INTERACTION_STYLESHEET = `body{margin:0;font-family:Inter,system-ui,sans-serif;background:#f5f5f5;color:#1f1f1f}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{font-size:1.4rem;margin:0 0 .75rem}
label{display:block;margin:.75rem 0;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;padding:.6rem;font-size:1rem;border:1px solid #bbb;border-radius:8px}
button{width:100%;margin-top:.75rem;padding:.75rem;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#f26b1d;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f1f1f;border:1px solid #bbb}
.error{color:#b00020;font-weight:600}
.note{margin-top:1.5rem;font-size:.85rem;color:#555}
`;
