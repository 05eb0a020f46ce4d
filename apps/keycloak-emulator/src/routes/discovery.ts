/** The realm's public documents: OpenID discovery, the signing keys (JWKS) and the realm's own summary. */
import { exportSPKI } from 'jose';
import type { Mount } from './form.js';

export const discoveryRoutes: Mount = (app, kit) => {
  const { issuer } = kit;
  app.get(`${kit.realmPath}/.well-known/openid-configuration`, kit.publicCors, (_req, res) => {
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      check_session_iframe: `${issuer}/protocol/openid-connect/login-status-iframe.html`,
      frontchannel_logout_session_supported: true,
      frontchannel_logout_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token', 'password'],
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      userinfo_signing_alg_values_supported: ['none'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['plain', 'S256'],
      scopes_supported: ['openid', 'profile', 'email', 'roles', 'web-origins', 'acr', 'basic'],
      claims_supported: [
        'aud',
        'sub',
        'iss',
        'auth_time',
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'email',
        'email_verified',
        'acr',
        'azp',
      ],
      claims_parameter_supported: false,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      require_request_uri_registration: false,
      backchannel_logout_supported: false,
      authorization_response_iss_parameter_supported: true,
    });
  });

  app.get(`${kit.oidcPath}/certs`, kit.publicCors, (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ keys: [kit.keys.publicJwk] });
  });
};

/** GET /realms/<name>: the realm's public key and services, as Keycloak answers it. */
export const realmInfoRoute: Mount = (app, kit) => {
  app.get(kit.realmPath, kit.publicCors, async (_req, res) => {
    const pem = await exportSPKI(kit.keys.publicKey);
    res.json({
      realm: kit.realm.name,
      public_key: pem.replace(/-----[A-Z ]+-----|\s/g, ''),
      'token-service': `${kit.issuer}/protocol/openid-connect`,
      'account-service': `${kit.issuer}/account`,
      'tokens-not-before': 0,
    });
  });
};
