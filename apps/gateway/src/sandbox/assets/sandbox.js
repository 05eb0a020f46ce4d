// The gateway's offline GraphQL sandbox. Plain browser JavaScript (ES module), no external assets.

/** Compact introspection: within the gateway's depth, token and cost limits. Checked by server.test.ts. */
export const SANDBOX_INTROSPECTION = `query SandboxSchema {
  __schema {
    queryType { name }
    mutationType { name }
    types {
      kind
      name
      description
      fields { name description args { name defaultValue type { ...TypeRef } } type { ...TypeRef } }
      inputFields { name type { ...TypeRef } }
    }
  }
}
fragment TypeRef on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

const $ = (id) => document.getElementById(id);
const state = { keycloak: null, types: new Map() };

function setStatus(text, isError = false) {
  const el = $('session-status');
  el.textContent = text;
  el.classList.toggle('error', isError);
}

async function currentToken() {
  const pasted = $('token')
    .value.trim()
    .replace(/^Bearer\s+/i, '');
  if (pasted) return pasted;
  const kc = state.keycloak;
  if (kc?.authenticated) {
    try {
      await kc.updateToken(30);
    } catch {
      setStatus('La sesión venció: volvé a iniciar sesión.', true);
      return null;
    }
    return kc.token;
  }
  return null;
}

async function graphql(query, variables, operationName) {
  const token = await currentToken();
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if ((window.navigator.language || '').toLowerCase().startsWith('es')) headers.locale = 'es_AR';
  const started = window.performance.now();
  const response = await fetch(window.sandboxConfig.graphqlPath, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return {
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    ms: Math.round(window.performance.now() - started),
    body,
  };
}

// ---- operations list and query templates

const unwrap = (ref) => (ref.ofType ? unwrap(ref.ofType) : ref);
const typeText = (ref) =>
  ref.kind === 'NON_NULL'
    ? `${typeText(ref.ofType)}!`
    : ref.kind === 'LIST'
      ? `[${typeText(ref.ofType)}]`
      : ref.name;

function selection(typeName, depth, indent) {
  const type = state.types.get(typeName);
  if (!type?.fields) return '';
  const pad = '  '.repeat(indent);
  const lines = [];
  for (const field of type.fields) {
    if (field.args.some((a) => a.type.kind === 'NON_NULL' && a.defaultValue === null)) continue;
    const leaf = unwrap(field.type);
    if (leaf.kind === 'SCALAR' || leaf.kind === 'ENUM') lines.push(`${pad}${field.name}`);
    else if (depth > 0 && (leaf.kind === 'OBJECT' || leaf.kind === 'INTERFACE')) {
      const inner = selection(leaf.name, depth - 1, indent + 1);
      if (inner) lines.push(`${pad}${field.name} {\n${inner}\n${pad}}`);
    }
  }
  return lines.join('\n');
}

function template(kind, field) {
  const opName = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  const vars = field.args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const leaf = unwrap(field.type);
  const body = leaf.kind === 'OBJECT' ? ` {\n${selection(leaf.name, 2, 2)}\n  }` : '';
  const query = `${kind} ${opName}${vars ? `(${vars})` : ''} {\n  ${field.name}${args ? `(${args})` : ''}${body}\n}`;
  const variables = {};
  for (const a of field.args)
    if (a.type.kind === 'NON_NULL' && a.defaultValue === null) variables[a.name] = null;
  return { query, variables };
}

function renderOperations(schema) {
  state.types = new Map(schema.types.map((t) => [t.name, t]));
  const container = $('operations');
  container.replaceChildren();
  for (const [kind, root] of [
    ['query', schema.queryType],
    ['mutation', schema.mutationType],
  ]) {
    const type = root && state.types.get(root.name);
    if (!type) continue;
    const group = document.createElement('div');
    group.className = 'op-group';
    const title = document.createElement('h3');
    title.textContent = kind === 'query' ? 'Consultas' : 'Mutaciones';
    group.append(title);
    for (const field of type.fields) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'op';
      button.textContent = `${field.name}: ${typeText(field.type)}`;
      if (field.description) {
        const small = document.createElement('small');
        small.textContent = field.description;
        button.append(small);
      }
      button.addEventListener('click', () => {
        const t = template(kind, field);
        $('query').value = t.query;
        $('variables').value = JSON.stringify(t.variables, null, 2);
      });
      group.append(button);
    }
    container.append(group);
  }
}

async function loadSchema() {
  $('ops-hint').textContent = 'Cargando esquema...';
  try {
    const result = await graphql(SANDBOX_INTROSPECTION, {}, 'SandboxSchema');
    if (result.body?.data?.__schema) {
      renderOperations(result.body.data.__schema);
      $('ops-hint').textContent = 'Elegí una operación para armar la consulta.';
    } else {
      const message = result.body?.errors?.[0]?.message ?? `HTTP ${result.status}`;
      $('ops-hint').textContent = `No se pudo cargar el esquema: ${message}`;
    }
  } catch (error) {
    $('ops-hint').textContent = `No se pudo cargar el esquema: ${error}`;
  }
}

// ---- running queries

async function run() {
  let variables;
  try {
    variables = JSON.parse($('variables').value.trim() || '{}');
  } catch {
    $('result').textContent = 'Las variables no son JSON válido.';
    return;
  }
  $('result').textContent = 'Ejecutando...';
  try {
    const result = await graphql($('query').value, variables);
    $('result-meta').textContent =
      `HTTP ${result.status} · ${result.ms} ms · x-request-id ${result.requestId ?? '-'}`;
    $('result').textContent =
      typeof result.body === 'string' ? result.body : JSON.stringify(result.body, null, 2);
  } catch (error) {
    $('result-meta').textContent = '';
    $('result').textContent = `No se pudo contactar al gateway: ${error}`;
  }
}

// ---- sign-in with keycloak-js (served by the gateway from node_modules)

async function initAuth(config) {
  if (!config.keycloak) {
    setStatus('keycloak-js no disponible: pegá un token.');
    $('manual-token').open = true;
    return;
  }
  try {
    const { default: Keycloak } = await import('/sandbox/keycloak.js');
    const kc = new Keycloak(config.keycloak);
    state.keycloak = kc;
    // No onLoad: nothing leaves the page until "Iniciar sesión"; the login callback is processed here.
    const authenticated = await kc.init({
      pkceMethod: 'S256',
      checkLoginIframe: false,
      responseMode: 'fragment',
    });
    renderSession(authenticated);
  } catch (error) {
    console.error(error);
    setStatus(`No se pudo contactar a Keycloak (${config.keycloak.url}): pegá un token.`, true);
    $('manual-token').open = true;
  }
}

function renderSession(authenticated) {
  const kc = state.keycloak;
  $('login').hidden = authenticated;
  $('logout').hidden = !authenticated;
  if (authenticated) {
    setStatus(`Sesión: ${kc.tokenParsed?.preferred_username ?? '?'}`);
    void loadSchema();
  } else {
    setStatus('Sin sesión');
  }
}

async function main() {
  const config = await (await fetch('/sandbox/config.json')).json();
  window.sandboxConfig = config;
  $('endpoint').textContent = `${window.location.origin}${config.graphqlPath}`;
  $('run').addEventListener('click', run);
  $('reload-schema').addEventListener('click', loadSchema);
  $('prettify').addEventListener('click', () => {
    try {
      $('variables').value = JSON.stringify(JSON.parse($('variables').value || '{}'), null, 2);
    } catch {
      /* leave as is */
    }
  });
  document.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void run();
    }
  });
  $('login').addEventListener('click', () =>
    state.keycloak?.login({ redirectUri: `${window.location.origin}/sandbox` }),
  );
  $('logout').addEventListener('click', () =>
    state.keycloak?.logout({ redirectUri: `${window.location.origin}/sandbox` }),
  );
  $('token').addEventListener('change', () => {
    if ($('token').value.trim()) void loadSchema();
  });
  $('login').hidden = false;
  await initAuth(config);
}

void main();
