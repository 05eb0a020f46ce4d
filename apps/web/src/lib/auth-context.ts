import { createContext, useContext } from 'react';
import type { AuthSession } from './keycloak';

export const AuthContext = createContext<AuthSession | null>(null);

/** The Keycloak session (token, login, logout); throws outside the authenticated app. */
export function useAuth(): AuthSession {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth fuera de la sesión autenticada');
  return auth;
}
