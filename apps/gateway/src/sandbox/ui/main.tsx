import './workers.js';
import 'graphiql/style.css';
import './sandbox.css';
import type { Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { EXAMPLES } from './examples.js';
import { Session, type SandboxSettings, type SessionState } from './session.js';

/**
 * GraphiQL 5 for the gateway: signed in with keycloak-js against the gateway's realm (or a pasted token), schema
 * from the gateway's printed SDL before any sign-in (only where introspection is on), tabs and history in session
 * storage.
 */

type SchemaState = { schema: GraphQLSchema | null; message: string | null };

/** One major the gateway serves: where its GraphQL answers and its printed SDL is. */
type Major = SandboxSettings['majors'][number];

async function loadSchema(settings: Pick<Major, 'schemaPath'>): Promise<SchemaState> {
  if (!settings.schemaPath)
    return { schema: null, message: 'El esquema no se publica en este entorno (introspección desactivada).' };
  try {
    const res = await fetch(settings.schemaPath);
    if (!res.ok) return { schema: null, message: `No se pudo cargar el esquema (HTTP ${res.status}).` };
    return { schema: buildSchema(await res.text()), message: null };
  } catch {
    return { schema: null, message: 'No se pudo cargar el esquema: el gateway no responde.' };
  }
}

const hasHeader = (headers: Record<string, unknown>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name);

function createFetcher(settings: Pick<Major, 'graphqlPath'>, session: Session): Fetcher {
  return async (params, opts) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(opts?.headers ?? {}),
    };
    const token = await session.token();
    if (token && !hasHeader(headers, 'authorization')) headers.authorization = `Bearer ${token}`;
    if (!hasHeader(headers, 'locale') && navigator.language.toLowerCase().startsWith('es'))
      headers.locale = 'es_AR';
    const res = await fetch(settings.graphqlPath, { method: 'POST', headers, body: JSON.stringify(params) });
    const text = await res.text();
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { errors: [{ message: `Respuesta HTTP ${res.status} que no es JSON.` }] };
    }
  };
}

function SessionBar(props: {
  session: Session;
  state: SessionState;
  schemaMessage: string | null;
  onToken(text: string): void;
  majors: Major[];
  major: number;
  onMajor(index: number): void;
}) {
  const { session, state } = props;
  const status =
    state.kind === 'keycloak'
      ? `Sesión: ${state.username}`
      : state.kind === 'token'
        ? 'Token propio'
        : state.message;
  return (
    <header className="sandbox-bar">
      <strong>Sandbox GraphQL · Back-office</strong>
      <span role="status" id="session-status" className={state.kind === 'none' && state.error ? 'error' : ''}>
        {status}
      </span>
      {props.schemaMessage ? <span className="hint">{props.schemaMessage}</span> : null}
      <span className="spacer" />
      {props.majors.length > 1 ? (
        <label className="token">
          Versión del contrato
          <select
            id="major"
            value={props.major}
            onChange={(event) => props.onMajor(Number(event.target.value))}
          >
            {props.majors.map((major, index) => (
              <option key={major.graphqlPath} value={index}>
                {major.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="token">
        Token propio
        <input
          id="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder="eyJhbGciOiJSUzI1NiIs…"
          onChange={(event) => props.onToken(event.target.value)}
        />
      </label>
      {session.canSignIn && state.kind !== 'keycloak' ? (
        <button type="button" onClick={() => void session.signIn()}>
          Iniciar sesión
        </button>
      ) : null}
      {state.kind === 'keycloak' ? (
        <button type="button" onClick={() => void session.signOut()}>
          Cerrar sesión
        </button>
      ) : null}
    </header>
  );
}

function Sandbox({
  settings,
  session,
  initial,
}: {
  settings: SandboxSettings;
  session: Session;
  initial: SessionState;
}) {
  const [state, setState] = useState<SessionState>(initial);
  const [schema, setSchema] = useState<SchemaState>({ schema: null, message: null });
  // Which major the requests and the docs are for (the current one unless chosen): each has its own path and SDL.
  const { majors } = settings;
  const [majorIndex, setMajorIndex] = useState(0);
  const major = majors[majorIndex] ?? majors[0]!;
  const fetcher = useMemo(() => createFetcher(major, session), [major, session]);

  // The schema first, before any sign-in: the docs explorer is browsable at once.
  useEffect(() => {
    let current = true;
    void loadSchema(major).then((next) => current && setSchema(next));
    return () => {
      current = false;
    };
  }, [major]);

  const onToken = useCallback((text: string) => setState(session.usePastedToken(text)), [session]);

  return (
    <div className="sandbox">
      <SessionBar
        session={session}
        state={state}
        schemaMessage={schema.message}
        onToken={onToken}
        majors={majors}
        major={majorIndex}
        onMajor={setMajorIndex}
      />
      <div className="sandbox-ide">
        <GraphiQL
          fetcher={fetcher}
          schema={schema.schema}
          storage={window.sessionStorage}
          defaultTabs={EXAMPLES}
          shouldPersistHeaders={false}
          defaultEditorToolsVisibility="variables"
        />
      </div>
    </div>
  );
}

async function main() {
  const settings = (await (await fetch('/sandbox/config.json')).json()) as SandboxSettings;
  const session = new Session(settings);
  const initial = await session.init();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Sandbox settings={settings} session={session} initial={initial} />
    </StrictMode>,
  );
}

void main();
