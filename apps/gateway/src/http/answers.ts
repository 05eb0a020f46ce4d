/**
 * The listener's own answers, in GraphQL's error shape: what no route serves (404), a failure a route did not
 * answer itself (its 4xx, else 500) and a failure nothing else answered (500). Messages in Spanish; internals only
 * in the log.
 */
import type { ServerResponse } from 'node:http';
import { errorFields, type Logger } from '../logger.js';
import { GENERIC_ERROR_MESSAGE } from '../upstream/error-catalogue.js';
import { gatewayLocals } from './access-log.js';
import { graphqlErrorBody } from './operator-gate.js';
import { sendJson } from './plain.js';

export interface ErrorAnswers {
  /** What no route serves. */
  notFound(res: ServerResponse): void;
  /**
   * A failure /files or /sandbox did not answer themselves, in the shape Express's error handler gave it: its 4xx
   * status (a malformed path parameter 400, a missing sandbox asset 404) with a Spanish message, anything else a 500
   * with the generic one, logged.
   */
  answerError(res: ServerResponse, error: unknown): void;
  /** A failure nothing else answered: logged with its internals, answered 500 (a started answer is cut). */
  failed(res: ServerResponse, error: unknown): void;
}

export function errorAnswers(logger: Logger): ErrorAnswers {
  const logUnhandled = (res: ServerResponse, error: unknown) =>
    logger.error('unhandled error', { requestId: gatewayLocals(res).requestId, ...errorFields(error) });
  return {
    notFound: (res) => sendJson(res, 404, graphqlErrorBody('No encontrado.', 'NOT_FOUND')),
    answerError(res, error) {
      const declared = (error as { status?: unknown } | null | undefined)?.status;
      const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500;
      if (status === 500) logUnhandled(res, error);
      if (res.headersSent) return;
      const message =
        status === 413
          ? 'La solicitud es demasiado grande.'
          : status < 500
            ? 'La solicitud no es válida.'
            : GENERIC_ERROR_MESSAGE;
      sendJson(
        res,
        status,
        graphqlErrorBody(message, status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR'),
      );
    },
    failed(res, error) {
      logUnhandled(res, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendJson(res, 500, graphqlErrorBody(GENERIC_ERROR_MESSAGE, 'INTERNAL_SERVER_ERROR'));
    },
  };
}
