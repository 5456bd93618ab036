import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { HttpResponse } from './http-message.ts';

/** The files of the built dashboard (scripts/build-dashboard.mjs), by the path under `/dashboard/`. */
const FILES: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
  'icon.svg': 'image/svg+xml',
};

/**
 * Only this origin, for everything: the page loads its own script and stylesheet and calls the
 * API it is served by; no inline script or style, no frames, no forms posted anywhere.
 */
export const DASHBOARD_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

interface Asset {
  readonly body: string;
  readonly type: string;
  readonly etag: string;
}

/** Answers the dashboard's requests: its page and assets, which hold no data (the script asks the API with the key the user gives it). */
export interface DashboardAssets {
  /**
   * The answer to a request for `path`, whose part after `/dashboard` is `subpath` ('' for
   * the page without its slash, which is redirected to `path/` so the page's relative links
   * resolve under it).
   */
  answer(method: string, path: string, subpath: string, ifNoneMatch: string | undefined): HttpResponse;
}

/**
 * The dashboard's files, read once from `directory` (the build's `dist/dashboard`); a
 * directory without them gives a dashboard that says how to build it. Every answer carries the
 * content security policy, `nosniff`, and `Cache-Control: no-cache` with an ETag: a browser
 * keeps the files and asks again with `If-None-Match`, so a rebuilt dashboard is never stale.
 */
export function createDashboardAssets(directory: string | undefined): DashboardAssets {
  const assets = new Map<string, Asset>();
  if (directory !== undefined) {
    for (const [name, type] of Object.entries(FILES)) {
      const path = `${directory}/${name}`;
      if (!existsSync(path)) continue;
      const body = readFileSync(path, 'utf8');
      assets.set(name, { body, type, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` });
    }
  }
  const built = assets.size === Object.keys(FILES).length;
  return {
    answer(method, path, subpath, ifNoneMatch) {
      if (method !== 'GET' && method !== 'HEAD') {
        return text(405, `${method} is not allowed on the dashboard; use GET.`, { Allow: 'GET, HEAD' });
      }
      if (subpath === '') return text(308, `The dashboard is at ${path}/.`, { Location: `${path}/` });
      if (!built) {
        return text(503, 'The dashboard is not built: run `npm run build` (npm start does it), then reload.');
      }
      const name = subpath === '/' ? 'index.html' : subpath.slice(1);
      const asset = assets.get(name);
      if (asset === undefined) return text(404, `No dashboard file ${subpath.slice(0, 200)}.`);
      const headers = {
        ...SECURITY_HEADERS,
        'Content-Type': asset.type,
        'Cache-Control': 'no-cache',
        ETag: asset.etag,
      };
      if (ifNoneMatch?.split(',').some((tag) => tag.trim() === asset.etag)) {
        return { status: 304, headers, body: '' };
      }
      return { status: 200, headers, body: asset.body };
    },
  };
}

const SECURITY_HEADERS = {
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
} as const;

function text(status: number, message: string, extra: Readonly<Record<string, string>> = {}): HttpResponse {
  return {
    status,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    },
    body: `${message}\n`,
  };
}

/**
 * Where the built dashboard is: `dist/dashboard`, found from this module in `dist/src/http/`
 * (an installed package) or in `src/http/` (a checkout run from source, once built).
 */
export function findBuiltDashboard(): string | undefined {
  for (const relative of ['../../dashboard', '../../dist/dashboard']) {
    const directory = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(`${directory}/app.js`)) return directory;
  }
  return undefined;
}

/** The part of `path` after the dashboard's prefix (`''`, `/`, `/app.js`), or `undefined` when it is not the dashboard's. */
export function dashboardSubpath(basePath: string, path: string): string | undefined {
  const prefix = `${basePath}/dashboard`;
  if (path === prefix) return '';
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : undefined;
}
