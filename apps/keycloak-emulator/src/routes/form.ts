import express from 'express';
import type { EmulatorKit } from '../kit.js';

/** A form body (login, token, userinfo, logout), bounded as Keycloak's. */
export const formBody = express.urlencoded({ extended: false, limit: '64kb' });

/** How an endpoint registers its routes on the app (app.ts's list, in order). */
export type Mount = (app: express.Express, kit: EmulatorKit) => void;
