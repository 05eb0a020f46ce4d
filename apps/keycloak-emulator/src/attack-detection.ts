/**
 * Keycloak's admin endpoints of brute-force detection, for test stacks only (`attackDetectionAdmin`): a test that
 * locked a demo user out (5 wrong passwords) unlocks it instead of waiting minutes. Unlike Keycloak's, they ask for
 * no admin token: the option exists only in the test stack (packages/test-stack), never in the images' entry point
 * (packages/infra-checks asserts it). A user is named by id, as Keycloak does, or by user name.
 */
import express from 'express';
import type { BruteForceGuard } from './brute-force.js';
import type { Realm } from './realm.js';

export const attackDetectionRouter = (realm: Realm, guard: BruteForceGuard): express.Router => {
  const router = express.Router();
  const base = `/admin/realms/${realm.name}/attack-detection/brute-force/users`;
  const userOf = (idOrName: string) => realm.findUserById(idOrName) ?? realm.findUser(idOrName);
  router.get(`${base}/:user`, (req, res) => {
    const user = userOf(req.params.user);
    if (!user) return void res.status(404).json({ error: 'User not found' });
    res.json(guard.status(user.id));
  });
  router.delete(`${base}/:user`, (req, res) => {
    const user = userOf(req.params.user);
    if (!user) return void res.status(404).json({ error: 'User not found' });
    guard.clear(user.id);
    res.status(204).end();
  });
  router.delete(base, (_req, res) => {
    guard.clear();
    res.status(204).end();
  });
  return router;
};
