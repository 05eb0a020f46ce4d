// The schema as a versioned contract: `npm test` fails on a change that breaks the last released schema
// unless CHANGELOG.md records a new major version; the version is the same in package.json, the changelog and the
// printed schema.
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  changelogVersions,
  checkContract,
  compareVersions,
  deprecationsWithoutRemoval,
  deprecationsWithoutReplacement,
  latestSnapshot,
  permissionsOf,
  permissionsOfSnapshot,
  parseVersion,
  readSnapshot,
  servedMajorBreaks,
  snapshotOf,
} from '../contract.js';
import { PREVIOUS_MAJORS, SCHEMA_VERSION, typeDefs } from '../index.js';

const packageDir = new URL('../../', import.meta.url);
const releasedDir = new URL('released/', packageDir);
const changelog = readFileSync(new URL('CHANGELOG.md', packageDir), 'utf8');
const manifest = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as { version: string };

describe('the contract', () => {
  const releasedVersion = latestSnapshot(readdirSync(releasedDir));

  it('breaks nothing of the last released schema, or the changelog records a new major version', () => {
    expect(releasedVersion).not.toBeNull();
    const check = checkContract({
      released: {
        version: releasedVersion!,
        ...readSnapshot(readFileSync(new URL(`${releasedVersion}.json`, releasedDir), 'utf8')),
      },
      current: buildSchema(typeDefs),
      changelog,
    });
    expect(check.problem).toBeNull();
  });

  it('has one version: package.json, the changelog’s newest release and the printed schema', () => {
    expect(manifest.version).toBe(changelogVersions(changelog)[0]);
    expect(SCHEMA_VERSION).toBe(manifest.version);
    expect(buildSchema(typeDefs).description).toContain(`@backoffice/schema ${manifest.version}`);
    expect(compareVersions(manifest.version, releasedVersion!)).toBeGreaterThanOrEqual(0);
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
  });

  it('names, in every deprecation, its replacement and the major release it goes away in', () => {
    expect(deprecationsWithoutRemoval(typeDefs, manifest.version)).toEqual([]);
    expect(deprecationsWithoutReplacement(typeDefs)).toEqual([]);
  });

  it('breaks nothing of each previous major it still serves, whose schedule the changelog gives', () => {
    const current = parseVersion(manifest.version)![0];
    expect(PREVIOUS_MAJORS.map((major) => major.major)).toEqual([1]);
    for (const major of PREVIOUS_MAJORS) {
      expect(major.major).toBeLessThan(current);
      // Its last release: the newest snapshot of that major.
      const last = latestSnapshot(
        readdirSync(releasedDir).filter((name) => name.startsWith(`${major.major}.`)),
      );
      expect(last, `major ${major.major}`).toBe(major.version);
      const released = readSnapshot(readFileSync(new URL(`${last}.json`, releasedDir), 'utf8'));
      expect(servedMajorBreaks(released, buildSchema(major.typeDefs)), `major ${major.major}`).toEqual([]);
      expect(buildSchema(major.typeDefs).description).toContain(`@backoffice/schema ${major.version}`);
      // The changelog's schedule names its path and its dates.
      const line = new RegExp(
        `^- \\*\\*${major.major}\\.x\\*\\*.*\\\`${major.path}\\\`.*${major.deprecatedOn}.*${major.servedUntil}`,
        'm',
      );
      expect(changelog).toMatch(line);
      expect(Date.parse(major.servedUntil)).toBeGreaterThan(Date.parse(major.deprecatedOn));
    }
  });

  it('keeps every released snapshot’s permissions, those taken before the section included', () => {
    for (const name of readdirSync(releasedDir).filter((file) => file.endsWith('.json'))) {
      const permissions = permissionsOfSnapshot(readFileSync(new URL(name, releasedDir), 'utf8'));
      expect(permissions['Query.activity'], name).toEqual([['ACTIVITY_SHOW']]);
      expect(Object.keys(permissions).length, name).toBeGreaterThan(50);
    }
    // The descriptions' "Requiere:" lines read back as the directives say.
    const now = permissionsOf(typeDefs);
    expect(
      permissionsOfSnapshot(
        JSON.stringify(JSON.parse(snapshotOf(typeDefs)), (key, value: unknown) =>
          key === 'permissions' ? undefined : value,
        ),
      ),
    ).toEqual(now);
  });
});

// The checker itself, on small schemas.
const RELEASED = /* GraphQL */ `
  type Query {
    payment(id: ID!): Payment
  }
  type Payment {
    id: ID!
    status: String!
    legacyCode: String @deprecated(reason: "Use status. Se elimina en 2.0.0.")
  }
`;
/** The released fixture as the contract test reads it: through its snapshot (introspection) and back. */
const { schema: released, permissions: releasedPermissions } = readSnapshot(snapshotOf(RELEASED));
const log = (...versions: string[]) =>
  ['# Changelog', '', '## [Unreleased]', '', ...versions.map((v) => `## [${v}] - 2026-11-27\n`)].join('\n');

describe('checkContract', () => {
  it('catches a breaking change: a field removed', () => {
    const current = RELEASED.replace(/\s+legacyCode: .*\n/, '\n');
    const check = checkContract({
      released: { version: '1.0.0', schema: released, permissions: releasedPermissions },
      current: buildSchema(current),
      changelog: log('1.0.0'),
    });
    expect(check.allowed).toBe(false);
    expect(check.breaking.map((c) => c.type)).toEqual(['FIELD_REMOVED']);
    expect(check.problem).toContain('Payment.legacyCode was removed.');
    expect(check.problem).toContain('Se elimina en 2.0.0');
  });

  it('catches a field made nullable, an argument added as required, a type changed', () => {
    const current = RELEASED.replace('status: String!', 'status: String').replace(
      'payment(id: ID!)',
      'payment(id: ID!, tenant: String!)',
    );
    const check = checkContract({
      released: { version: '1.2.0', schema: released, permissions: releasedPermissions },
      current: buildSchema(current),
      changelog: log('1.3.0', '1.2.0'),
    });
    expect(check.allowed).toBe(false);
    expect(check.breaking.map((c) => c.type).sort()).toEqual(['FIELD_CHANGED_KIND', 'REQUIRED_ARG_ADDED']);
  });

  it('allows a breaking change when the changelog records a new major version', () => {
    const current = RELEASED.replace(/\s+legacyCode: .*\n/, '\n');
    const check = checkContract({
      released: { version: '1.4.2', schema: released, permissions: releasedPermissions },
      current: buildSchema(current),
      changelog: log('2.0.0', '1.4.2'),
    });
    expect(check).toMatchObject({ allowed: true, problem: null, recorded: '2.0.0' });
    expect(check.breaking).toHaveLength(1);
  });

  it('refuses, even in a new major version, a removal the released schema had not deprecated', () => {
    const current = RELEASED.replace(/\s+status: .*\n/, '\n').replace('payment(id: ID!)', 'payment');
    const check = checkContract({
      released: { version: '1.4.2', schema: released, permissions: releasedPermissions },
      current: buildSchema(current),
      changelog: log('2.0.0', '1.4.2'),
    });
    expect(check.allowed).toBe(false);
    expect([...check.undeprecated].sort()).toEqual(['Payment.status', 'Query.payment(id)']);
    expect(check.problem).toContain('Removed without a deprecation');
    // A type changed is no removal: a new major version allows it.
    const nullable = checkContract({
      released: { version: '1.4.2', schema: released, permissions: releasedPermissions },
      current: buildSchema(RELEASED.replace('status: String!', 'status: String')),
      changelog: log('2.0.0', '1.4.2'),
    });
    expect(nullable).toMatchObject({ allowed: true, undeprecated: [] });
  });

  it('allows additions, reporting the dangerous ones', () => {
    const current = `${RELEASED}\nextend type Payment { refundable: Boolean }\nenum Extra { A }`.replace(
      'payment(id: ID!)',
      'payment(id: ID!, withHistory: Boolean = false)',
    );
    const check = checkContract({
      released: { version: '1.0.0', schema: released, permissions: releasedPermissions },
      current: buildSchema(current),
      changelog: log('1.0.0'),
    });
    expect(check).toMatchObject({ allowed: true, breaking: [] });
    expect(check.dangerous.map((c) => c.type)).toEqual(['OPTIONAL_ARG_ADDED']);
  });

  it('reads the changelog’s released versions, newest first, Unreleased aside', () => {
    expect(changelogVersions(log('1.10.0', '1.9.1', '1.0.0'))).toEqual(['1.10.0', '1.9.1', '1.0.0']);
    expect(latestSnapshot(['1.9.0.json', '1.10.0.json', 'README.md'])).toBe('1.10.0');
  });

  it('refuses a deprecation that does not name its replacement', () => {
    const sdl = `${RELEASED}\nextend type Payment { old: String @deprecated(reason: "Ya no se usa. Se elimina en 2.0.0.") }`;
    expect(deprecationsWithoutReplacement(sdl)).toEqual(['Payment.old']);
    expect(deprecationsWithoutReplacement(RELEASED)).toEqual([]);
  });

  it('refuses a deprecation that does not name its removal release', () => {
    const sdl = `${RELEASED}\nextend type Payment { old: String @deprecated(reason: "Ya no se usa.") }`;
    expect(deprecationsWithoutRemoval(sdl, '1.0.0')).toEqual(['Payment.old']);
    expect(deprecationsWithoutRemoval(RELEASED, '1.0.0')).toEqual([]);
    // Past its removal release, the deprecation must go.
    expect(deprecationsWithoutRemoval(RELEASED, '2.0.0')).toEqual(['Payment.legacyCode']);
  });
});

// Permissions: introspection has no directive, the snapshot keeps them beside it.
const GUARDED = /* GraphQL */ `
  directive @auth(requires: [Permission!]!) repeatable on FIELD_DEFINITION | OBJECT
  enum Permission {
    PAYMENT_SHOW
    PAYMENT_ADMIN
    REFUND
  }
  type Query {
    payment(id: ID!): Payment @auth(requires: [PAYMENT_SHOW])
    me: String
  }
  type Payment {
    id: ID!
    refunds: [String!] @auth(requires: [REFUND, PAYMENT_ADMIN])
  }
`;
const guarded = readSnapshot(snapshotOf(GUARDED));
const checkGuarded = (current: string, changelog = log('1.0.0')) =>
  checkContract({
    released: { version: '1.0.0', ...guarded },
    current: buildSchema(current),
    changelog,
  });

describe('servedMajorBreaks', () => {
  it('lists what a served older major would break of its last release, permissions included', () => {
    expect(servedMajorBreaks(guarded, buildSchema(GUARDED))).toEqual([]);
    const broken = GUARDED.replace('me: String', 'me: Int').replace(
      '@auth(requires: [PAYMENT_SHOW])',
      '@auth(requires: [PAYMENT_ADMIN])',
    );
    expect(servedMajorBreaks(guarded, buildSchema(broken))).toEqual([
      'FIELD_CHANGED_KIND: Query.me changed type from String to Int.',
      'PERMISSION_TIGHTENED: Query.payment: PAYMENT_SHOW → PAYMENT_ADMIN',
    ]);
  });
});

describe('checkContract, permissions', () => {
  it('keeps each field’s permissions in the snapshot', () => {
    expect(guarded.permissions).toEqual({
      'Query.payment': [['PAYMENT_SHOW']],
      'Payment.refunds': [['PAYMENT_ADMIN', 'REFUND']],
    });
  });

  it('refuses a tightened permission as a breaking change', () => {
    const tighter = [
      GUARDED.replace('@auth(requires: [PAYMENT_SHOW])', '@auth(requires: [PAYMENT_ADMIN])'),
      GUARDED.replace('@auth(requires: [REFUND, PAYMENT_ADMIN])', '@auth(requires: [REFUND])'),
      GUARDED.replace('me: String', 'me: String @auth(requires: [PAYMENT_SHOW])'),
      GUARDED.replace(
        '@auth(requires: [PAYMENT_SHOW])',
        '@auth(requires: [PAYMENT_SHOW]) @auth(requires: [REFUND])',
      ),
      GUARDED.replace('type Payment {', 'type Payment @auth(requires: [PAYMENT_SHOW]) {'),
    ];
    for (const current of tighter) {
      const check = checkGuarded(current);
      expect(check.breaking).toEqual([]);
      expect(check.allowed, current).toBe(false);
      expect(check.permissions.length).toBeGreaterThan(0);
      expect(check.permissions.every((change) => change.kind === 'TIGHTENED')).toBe(true);
      expect(check.problem).toContain('PERMISSION_TIGHTENED');
    }
    expect(checkGuarded(tighter[0]!).problem).toContain('Query.payment: PAYMENT_SHOW → PAYMENT_ADMIN');
    // A new major version may tighten.
    expect(checkGuarded(tighter[0]!, log('2.0.0', '1.0.0')).allowed).toBe(true);
  });

  it('lists a loosened permission, and asks the changelog to name it', () => {
    const looser = GUARDED.replace(
      '@auth(requires: [PAYMENT_SHOW])',
      '@auth(requires: [PAYMENT_SHOW, REFUND])',
    );
    const unnamed = checkGuarded(looser);
    expect(unnamed.permissions).toEqual([
      expect.objectContaining({ coordinate: 'Query.payment', kind: 'LOOSENED' }),
    ]);
    expect(unnamed).toMatchObject({
      allowed: false,
      unlisted: ['Query.payment: PAYMENT_SHOW → PAYMENT_SHOW o REFUND'],
    });
    const named = log('1.0.0').replace(
      '## [Unreleased]',
      '## [Unreleased]\n\n- `Query.payment` also for REFUND.',
    );
    expect(checkGuarded(looser, named)).toMatchObject({ allowed: true, unlisted: [] });
    // The same permissions written otherwise change nothing.
    const reordered = GUARDED.replace('[REFUND, PAYMENT_ADMIN]', '[PAYMENT_ADMIN, REFUND, REFUND]');
    expect(checkGuarded(reordered)).toMatchObject({ allowed: true, permissions: [] });
  });

  it('asks the changelog to name an enum value added', () => {
    const current = GUARDED.replace(/REFUND\s*}/, 'REFUND CHARGEBACK }');
    expect(checkGuarded(current)).toMatchObject({ allowed: false, unlisted: ['Permission.CHARGEBACK'] });
    // Named in an entry older than the released version does not count.
    const old = `${log('1.0.0')}\n- \`CHARGEBACK\` was planned.\n`;
    expect(checkGuarded(current, old).allowed).toBe(false);
    const named = log('1.1.0', '1.0.0').replace('## [1.1.0]', '- Permission `CHARGEBACK`.\n\n## [1.1.0]');
    expect(checkGuarded(current, named)).toMatchObject({ allowed: true, unlisted: [] });
  });
});
