/** HTML pages, shaped after Keycloak's login theme (ids, labels and messages). */

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const style = `
  :root { color-scheme: light; font-family: "Red Hat Text", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; min-height: 100vh; background: #f0f0f0; display: flex; flex-direction: column; align-items: center; }
  #kc-header-wrapper { margin: 48px 0 24px; font-size: 28px; letter-spacing: .04em; color: #333; text-transform: uppercase; }
  .card { background: #fff; width: min(420px, 92vw); padding: 32px 40px; box-shadow: 0 2px 8px rgba(0,0,0,.15); border-top: 4px solid #0066cc; box-sizing: border-box; }
  h1 { font-size: 22px; font-weight: 500; margin: 0 0 24px; text-align: center; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 16px 0 6px; }
  input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: 8px 10px; font-size: 16px; border: 1px solid #8a8d90; border-radius: 3px; }
  input[aria-invalid=true] { border-color: #c9190b; }
  #input-error, .error { color: #c9190b; font-size: 14px; margin-top: 12px; display: block; }
  #kc-login { margin-top: 24px; width: 100%; padding: 10px; font-size: 16px; background: #0066cc; color: #fff; border: 0; border-radius: 3px; cursor: pointer; }
  #kc-login:hover { background: #004080; }
  p { line-height: 1.5; }
`;

const layout = (title: string, header: string, body: string, lang = 'en'): string => `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<div id="kc-header"><div id="kc-header-wrapper">${escapeHtml(header)}</div></div>
<div class="card">
${body}
</div>
</body>
</html>
`;

/** The login page's languages: Keycloak's default English, and Spanish when the client asks for it (`ui_locales`). */
export type LoginLocale = 'en' | 'es';

/** The login theme's texts in each language (Keycloak's messages_en / messages_es). */
export const LOGIN_TEXTS: Readonly<
  Record<
    LoginLocale,
    {
      title: (realm: string) => string;
      heading: string;
      username: string;
      password: string;
      submit: string;
      invalid: string;
      disabled: string;
    }
  >
> = {
  en: {
    title: (realm) => `Sign in to ${realm}`,
    heading: 'Sign in to your account',
    username: 'Username or email',
    password: 'Password',
    submit: 'Sign In',
    invalid: 'Invalid username or password.',
    disabled: 'Account is disabled, contact your administrator.',
  },
  es: {
    title: (realm) => `Iniciar sesión en ${realm}`,
    heading: 'Iniciá sesión en tu cuenta',
    username: 'Usuario o email',
    password: 'Contraseña',
    submit: 'Ingresar',
    invalid: 'Usuario o contraseña incorrectos.',
    disabled: 'La cuenta está deshabilitada: consulte con su administrador.',
  },
};

/** The language of `ui_locales` (space-separated tags, first preferred): Spanish for an `es` tag, else English. */
export const loginLocaleOf = (uiLocales: string | undefined): LoginLocale =>
  (uiLocales ?? '').split(' ').some((tag) => /^es(?:-|$)/i.test(tag)) ? 'es' : 'en';

export const loginPage = (options: {
  realmDisplayName: string;
  action: string;
  username?: string;
  error?: string;
  locale?: LoginLocale;
}): string => {
  const locale = options.locale ?? 'en';
  const texts = LOGIN_TEXTS[locale];
  return layout(
    texts.title(options.realmDisplayName),
    options.realmDisplayName,
    `<h1 id="kc-page-title">${escapeHtml(texts.heading)}</h1>
<form id="kc-form-login" action="${escapeHtml(options.action)}" method="post" novalidate>
  <label for="username">${escapeHtml(texts.username)}</label>
  <input tabindex="1" id="username" name="username" value="${escapeHtml(options.username ?? '')}" type="text" autofocus autocomplete="username"${options.error ? ' aria-invalid="true"' : ''}>
  <label for="password">${escapeHtml(texts.password)}</label>
  <input tabindex="2" id="password" name="password" type="password" autocomplete="current-password"${options.error ? ' aria-invalid="true"' : ''}>
  ${options.error ? `<span id="input-error" aria-live="polite">${escapeHtml(options.error)}</span>` : ''}
  <button tabindex="4" id="kc-login" name="login" type="submit">${escapeHtml(texts.submit)}</button>
</form>`,
    locale,
  );
};

export const errorPage = (realmDisplayName: string, message: string): string =>
  layout(
    realmDisplayName,
    realmDisplayName,
    `<h1 id="kc-page-title">We are sorry...</h1>
<div id="kc-error-message"><p class="instruction">${escapeHtml(message)}</p></div>`,
  );

export const loggedOutPage = (realmDisplayName: string): string =>
  layout(
    realmDisplayName,
    realmDisplayName,
    `<h1 id="kc-page-title">Has cerrado sesión</h1>
<p>Tu sesión terminó. Podés cerrar esta ventana o volver a la aplicación para ingresar de nuevo.</p>`,
    'es',
  );

export const accountPage = (realmDisplayName: string): string =>
  layout(
    realmDisplayName,
    realmDisplayName,
    `<h1 id="kc-page-title">Cuenta</h1>
<p>El emulador de Keycloak no tiene consola de cuenta. Los datos del usuario se consultan en esta misma dirección con un token (<code>Authorization: Bearer ...</code>).</p>`,
    'es',
  );

/**
 * Keycloak's third-party cookie check, step 1: unless the Storage Access API says access is
 * denied, set two test cookies and continue to step 2, which reports whether they came back.
 */
export const thirdPartyCookiesStep1 = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"></head>
<body>
<script type="module">
  async function hasStorageAccess() {
    if (!('hasStorageAccess' in document)) return true;
    try { return await document.hasStorageAccess(); } catch { return false; }
  }
  if (await hasStorageAccess()) {
    document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; SameSite=None; Secure';
    document.cookie = 'KEYCLOAK_3P_COOKIE=supported; Max-Age=60';
    window.location.href = 'step2.html';
  } else {
    window.parent.postMessage('unsupported', '*');
  }
</script>
</body>
</html>
`;

export const thirdPartyCookiesStep2 = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"></head>
<body>
<script type="module">
  const supported = document.cookie.includes('KEYCLOAK_3P_COOKIE');
  document.cookie = 'KEYCLOAK_3P_COOKIE_SAMESITE=; Max-Age=0; SameSite=None; Secure';
  document.cookie = 'KEYCLOAK_3P_COOKIE=; Max-Age=0';
  window.parent.postMessage(supported ? 'supported' : 'unsupported', '*');
</script>
</body>
</html>
`;

/**
 * The session status iframe (keycloak-js with checkLoginIframe): receives "<clientId> <sid>",
 * checks the origin with ./init, and answers "unchanged", "changed" or "error".
 */
export const loginStatusIframe = `<!DOCTYPE html>
<html>
<head><meta charset="utf-8"></head>
<body>
<script type="module">
  const checkedOrigins = new Map();
  function sessionCookie() {
    const entry = document.cookie.split('; ').find((c) => c.startsWith('KEYCLOAK_SESSION='));
    return entry ? decodeURIComponent(entry.slice('KEYCLOAK_SESSION='.length)) : '';
  }
  async function originAllowed(clientId, origin) {
    const key = clientId + ' ' + origin;
    if (!checkedOrigins.has(key)) {
      const url = new URL('login-status-iframe.html/init', window.location.href);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('origin', origin);
      checkedOrigins.set(key, fetch(url).then((r) => r.status === 204, () => false));
    }
    return checkedOrigins.get(key);
  }
  window.addEventListener('message', async (event) => {
    if (typeof event.data !== 'string') return;
    const parts = event.data.split(' ');
    if (parts.length !== 2) return;
    const [clientId, sessionState] = parts;
    let answer;
    if (!(await originAllowed(clientId, event.origin))) answer = 'error';
    else answer = sessionState === sessionCookie() ? 'unchanged' : 'changed';
    event.source.postMessage(answer, event.origin);
  });
</script>
</body>
</html>
`;
