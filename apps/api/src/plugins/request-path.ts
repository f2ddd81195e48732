// The path a request is about, decided the way the router decides it, never by the raw request target.

/**
 * The matched route's path pattern (e.g. `/api/leads/:id`); for a request no route matched, the path part of
 * the request target. A request line in absolute form (`GET http://host/api/leads HTTP/1.1`) is routed by
 * its path, so the auth hook and the no-store rule must look at the path too, not at `request.url`.
 */
export function requestPath(request: {
  url: string;
  routeOptions: { url?: string | undefined };
}): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  try {
    return new URL(request.url, 'http://localhost').pathname;
  } catch {
    return request.url.split('?')[0] ?? '';
  }
}

/** Whether the request is about the JSON API (`/api/…`). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
