import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  /** The route's path as registered, with its parameters (`/api/chat/:id`). */
  url: string;
}

/**
 * Every route of a built app, read from Fastify's own route table (`printRoutes`), so a route added
 * anywhere shows up without a list to keep. Needs no hook in app.ts: printRoutes draws the router's
 * radix tree, whose lines are joined back into whole paths here, and every path read is checked with
 * `hasRoute`, so a change in how Fastify draws the tree fails loudly instead of losing routes.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const drawing = app.printRoutes({ commonPrefix: false });
  const paths: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of drawing.split('\n')) {
    if (!line.trim()) continue;
    // "│   ├── /segment (GET, HEAD)": 4 characters of indent per level, then the segment and its methods
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) throw new Error(`routeTable: cannot read this line of printRoutes: ${JSON.stringify(line)}`);
    const depth = match[1]!.length / 4;
    if (depth > paths.length)
      throw new Error(`routeTable: a line without its parent: ${JSON.stringify(line)}`);
    paths.length = depth;
    const url = (depth ? paths[depth - 1]! : '') + match[2]!;
    paths.push(url);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (!method) continue;
      const route = { method: method as HTTPMethods, url };
      if (!app.hasRoute(route)) throw new Error(`routeTable: read ${method} ${url}, which is not a route`);
      routes.push(route);
    }
  }
  if (!routes.length) throw new Error('routeTable: no route read from printRoutes');
  return routes;
}

/** The names of a route path's parameters, in order (`:id`, `:contactId`; `*` for a wildcard). */
export function paramsOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

/**
 * The path up to and including one parameter (`/api/group/:id/contact/:contactId` for contactId):
 * what tells which kind of id the parameter holds, since `:id` names a chat under /chat and a group
 * under /group.
 */
export function paramKey(url: string, param: string): string {
  const token = param === '*' ? '*' : `:${param}`;
  const at = url.indexOf(token);
  return url.slice(0, at + token.length);
}

/** The path with its parameters filled in (values are URL-encoded). */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (_all, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`fillPath: no value for ${name ?? '*'} in ${url}`);
    return encodeURIComponent(value);
  });
}
