import type { FastifyRequest } from 'fastify';

/**
 * What the log keeps of a request and its answer. Query strings are cut off the url: they carry
 * secrets (the realtime socket's `?token=`, the simulator link's `?key=`, a reset link's `?token=`).
 * Bodies and headers (the `token` header, cookies) are never logged.
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: withoutQuery(request.url),
      hostname: request.hostname,
      remoteAddress: request.ip,
    };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
};

export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?…`;
}
