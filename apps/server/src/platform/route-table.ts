import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after installRouteTable, as registered (the authorization matrix reads it). */
    routeTable: RegisteredRoute[];
  }
}

/** Records each registered route (Fastify's onRoute hook), so a test can fail when a route has no matrix row. */
export function installRouteTable(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // Fastify adds a HEAD for every GET.
      table.push({ method, url: route.url, websocket: !!route.websocket });
    }
  });
}
