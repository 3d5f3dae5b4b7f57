import type { FastifyRequest } from 'fastify';
import type { SignInClient } from '../../auth/devices';

/** The address and User-Agent of a sign-in request (auth/devices.ts). */
export const signInClient = (req: FastifyRequest): SignInClient => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
});
