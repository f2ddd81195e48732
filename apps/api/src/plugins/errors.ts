// One error handler for the whole API: the JSON shapes of docs/api.md, and no internals in production.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { apiMessages, errorCodeOf, VALIDATION_ERROR_CODE } from '@dealerleads/shared';
import { isUniqueViolation, uniqueViolationMessage } from '../db/errors';

/** A business-rule or access error carrying the status and the exact text the client shows. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = apiMessages.unauthorized) =>
  new HttpError(401, message);
export const forbidden = (message: string = apiMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = apiMessages.notFound) => new HttpError(404, message);
/** The request came too late for the resource's state (e.g. an order already decided): nothing was changed. */
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = apiMessages.tooManyRequests) =>
  new HttpError(429, message);

export type ValidationErrors = Record<string, string[]>;

export function validationBody(errors: ValidationErrors) {
  return { title: apiMessages.validationTitle, status: 400, code: VALIDATION_ERROR_CODE, errors };
}

/** `{status, code, message}`: the code names the text for a client that says it in another language. */
export function errorBody(status: number, message: string) {
  return { status, code: errorCodeOf(message, status), message };
}

/** A 400 with field errors, for rules the schema cannot express. */
export class ValidationError extends Error {
  constructor(readonly errors: ValidationErrors) {
    super(apiMessages.validationTitle);
  }
}

function fieldKey(instancePath: string, context: string | undefined): string {
  const key = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return key === '' ? (context ?? 'body') : key;
}

export const DATA_EXCEPTION_MESSAGE =
  'The request holds a value that is out of range or not allowed';

function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function registerErrorHandling(app: FastifyInstance, production: boolean): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: ValidationErrors = {};
      for (const issue of error.validation) {
        const key = fieldKey(issue.instancePath ?? '', error.validationContext);
        (errors[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.code(400).send(validationBody(errors));
    }
    if (error instanceof ValidationError) return reply.code(400).send(validationBody(error.errors));
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.message));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send(errorBody(500, apiMessages.serverError));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, …
      if (status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply
          .code(400)
          .send(validationBody({ body: ['The request body is not valid JSON'] }));
      }
      if (
        status === 400 &&
        (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_VALIDATION')
      ) {
        return reply.code(400).send(validationBody({ body: [error.message] }));
      }
      return reply.code(status).send(errorBody(status, error.message));
    }
    if (isUniqueViolation(error)) {
      // Two processes passed a service's check at once and the unique index refused the later write: the same 400
      // a single process gives for a known rule, else a 409 (nothing was changed; the transaction rolled back).
      const message = uniqueViolationMessage(error);
      request.log.warn({ err: error }, 'a unique index refused a write');
      if (message) return reply.code(400).send(errorBody(400, message));
      return reply.code(409).send(errorBody(409, apiMessages.concurrentWrite));
    }
    if (isDataException(error)) {
      // A safety net for input that passed validation but that PostgreSQL refuses (SQLSTATE class 22: an integer
      // beyond its range, a date past year 9999, a NUL character). The transaction rolled back: nothing changed.
      request.log.warn({ err: error }, 'the database refused a value in the request');
      return reply.code(400).send(errorBody(400, DATA_EXCEPTION_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    // The request id (also in X-Request-Id and on the log line) lets support find what went wrong.
    const body: {
      status: number;
      code: string;
      message: string;
      requestId: string;
      stack?: string;
    } = {
      ...errorBody(500, production ? apiMessages.serverError : error.message),
      requestId: request.id,
    };
    if (!production && error.stack) body.stack = error.stack;
    return reply.code(500).send(body);
  });
}
