/**
 * The HTTP face of taxkit (`taxkit/http`): the service interface over a `TaxEngine`, as a
 * web-standard fetch handler, a `node:http` listener, or a ready server.
 *
 * @module
 */
export { createFetchHandler, type FetchHandlerOptions } from './create-fetch-handler.ts';
export { createNodeListener, type NodeListenerOptions } from './create-node-listener.ts';
export { startServer, type RunningServer, type StartServerOptions } from './start-server.ts';
export { answerFramingErrors } from './answer-framing-errors.ts';
export type { ResettableEngine } from './harness-routes.ts';
export type { TestHarnessOptions } from './test-harness-options.ts';
export { generateAccountKeys } from './generate-account-keys.ts';
export { createHttpApp, type HttpApp } from './create-http-app.ts';
export { handleRequest } from './handle-request.ts';
export type { HttpEngine } from './operate-engine.ts';
/** The list query of the list operations (`cursor`, `limit`). */
export type { ListRequest as ListQuery } from '../wire/api-types.ts';
export type { HttpHeaders, HttpRequest, HttpResponse } from './http-message.ts';
export type { AccountKeys, ErrorReport, HttpAccount, HttpOptions, RateLimit } from './http-options.ts';
