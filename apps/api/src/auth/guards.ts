import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@trustlinks/contract/constants';
import type { Db } from '../db/client';
import { MFA_ENROLMENT_REQUIRED_CODE, MFA_MESSAGES } from '@trustlinks/contract/mfa';
import { forbidden, HttpError, unauthorized } from '../errors';
import type { SessionCache } from './session-cache';
import {
  parseBearer,
  resolveSession,
  type AuthContext,
  type AuthUser,
  type EnrolmentRule,
} from './sessions.service';

/**
 * Every /api route states who may call it in `config.auth` (default deny):
 * 'public' — anyone; 'user' — any logged-in user; a list of roles — only those.
 */
export type RouteAuth = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** Routes a user with a temporary password may still call (reset, logout, profile). */
    allowDuringPasswordReset?: boolean;
    /** Routes a session that must set up a second factor may still call (enrolment, logout, profile). */
    allowDuringMfaEnrolment?: boolean;
    /** The 401 message for a caller without a session, where the spec words it (default loginRequired). */
    loginMessage?: string;
  }
  interface FastifyRequest {
    /** The caller's session, when a valid bearer token came with the request. */
    auth: AuthContext | null;
    /** True when a token came but was not valid (expired, revoked, unknown). */
    authTokenRejected: boolean;
  }
}

export const MESSAGES = {
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  mustResetPassword: 'Please set a new password before continuing.',
} as const;

/** Routes outside the rule: the OpenAPI document and its UI. */
const AUTH_EXEMPT_PREFIXES = ['/api/docs'];

/**
 * Why a session may not act on a route: a temporary password opens only the door to choosing a
 * real one; an account that must have a second factor and has none may only set one up (after a
 * forced password reset, which comes first; docs/decisions/033). Null when it may.
 */
function heldBack(auth: AuthContext, config: FastifyContextConfig | undefined): HttpError | null {
  if (auth.user.passwordResetRequired) {
    return config?.allowDuringPasswordReset ? null : forbidden(MESSAGES.mustResetPassword);
  }
  if (auth.mfaEnrolmentRequired && !config?.allowDuringMfaEnrolment) {
    return new HttpError(
      403,
      MFA_MESSAGES.enrolmentRequired,
      undefined,
      MFA_ENROLMENT_REQUIRED_CODE,
    );
  }
  return null;
}

/**
 * `mustEnrol` decides, at each request, whether the caller's session may only set up a second
 * factor (mfa.service needsEnrolment with the app's config).
 */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  sessionCache?: SessionCache,
  mustEnrol?: EnrolmentRule,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authTokenRejected', false);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (AUTH_EXEMPT_PREFIXES.some((p) => route.url.startsWith(p))) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!route.config?.auth) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must declare config.auth ('public', 'user' or a list of roles)`,
      );
    }
  });

  // onRequest: a caller without the right session is turned away before its body is even read.
  app.addHook('onRequest', async (request) => {
    const token = parseBearer(request.headers.authorization);
    if (token) {
      request.auth = await resolveSession(db, token, sessionCache, mustEnrol);
      request.authTokenRejected = request.auth === null;
    }
    const config = request.routeOptions.config;
    const rule = config?.auth;
    const held = request.auth ? heldBack(request.auth, config) : null;
    if (!rule || rule === 'public') {
      // The one place that decides who the viewer is: a session held back from this route is a
      // visitor here (no insider view of an offer, an entity or a review; docs/decisions/033).
      if (held) request.auth = null;
      return;
    }
    const user = requireUser(request, config.loginMessage);
    if (held) throw held;
    if (rule !== 'user' && !rule.includes(user.role)) throw forbidden(MESSAGES.forbidden);
  });
}

/** The logged-in caller, or a 401 (with `loginMessage` when no token came at all). */
export function requireUser(
  request: FastifyRequest,
  loginMessage: string = MESSAGES.loginRequired,
): AuthUser {
  if (!request.auth) {
    throw unauthorized(request.authTokenRejected ? MESSAGES.sessionExpired : loginMessage);
  }
  return request.auth.user;
}

/** The caller's session (user and session id), or a 401. */
export function requireSession(request: FastifyRequest): AuthContext {
  requireUser(request);
  return request.auth!;
}

/** The logged-in caller if it has one of the roles, else 401/403 (with an optional spec message). */
export function requireRole(
  request: FastifyRequest,
  roles: readonly Role[],
  message: string = MESSAGES.forbidden,
): AuthUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden(message);
  return user;
}
