import { TaxError } from '../core/errors.ts';
import type { Route } from './route.ts';

export interface RouteMatch {
  readonly route: Route;
  /** The decoded `:id` segment; '' when the route has none. */
  readonly id: string;
}

export type RouteMatcher = (path: string) => RouteMatch | undefined;

/**
 * Builds the path matcher for `routes`: static paths by one Map lookup, the few with an `:id`
 * segment by comparing segments. A single trailing slash is ignored (`/tax/ping/` is the ping).
 *
 * The matcher throws 400 INVALID_VALUE for an `:id` that is not valid percent-encoding, and
 * returns `undefined` for a path no route has.
 */
export function createRouteMatcher(routes: readonly Route[]): RouteMatcher {
  const staticRoutes = new Map<string, Route>();
  const paramRoutes: { route: Route; segments: readonly string[]; idAt: number }[] = [];
  for (const route of routes) {
    const segments = route.pattern.split('/');
    const idAt = segments.indexOf(':id');
    if (idAt === -1) staticRoutes.set(route.pattern, route);
    else paramRoutes.push({ route, segments, idAt });
  }

  return (rawPath) => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const route = staticRoutes.get(path);
    if (route !== undefined) return { route, id: '' };
    const segments = path.split('/');
    for (const candidate of paramRoutes) {
      if (segments.length !== candidate.segments.length) continue;
      let same = true;
      for (let index = 0; index < segments.length && same; index++) {
        if (index === candidate.idAt) same = segments[index] !== '';
        else same = segments[index] === candidate.segments[index];
      }
      if (same) return { route: candidate.route, id: decodeSegment(segments[candidate.idAt] as string) };
    }
    return undefined;
  };
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new TaxError('INVALID_VALUE', 'The id in the path is not valid percent-encoding.');
  }
}
