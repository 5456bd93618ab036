import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/http/start-server.ts';
import { ACCOUNTS, createTestEngine } from '../helpers/http-fixtures.ts';

const FILES = {
  'index.html': '<!doctype html><title>t</title>',
  'app.js': 'void 0;',
  'style.css': 'body{}',
  'icon.svg': '<svg/>',
};

describe('the dashboard’s files from the node listener', () => {
  const started: RunningServer[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await server.close();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  const serve = async (dashboard: string | false, basePath?: string) => {
    const server = await startServer({
      engine: createTestEngine(),
      accounts: ACCOUNTS,
      port: 0,
      dashboard,
      ...(basePath === undefined ? {} : { basePath }),
    });
    started.push(server);
    return server;
  };
  const built = (files: Record<string, string> = FILES) => {
    const folder = mkdtempSync(join(tmpdir(), 'taxkit-dashboard-files-'));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return folder;
  };

  it('serves each file with its type, the policy, nosniff and an ETag, and no key', async () => {
    const server = await serve(built());
    for (const [name, type] of [
      ['', 'text/html; charset=utf-8'],
      ['app.js', 'text/javascript; charset=utf-8'],
      ['style.css', 'text/css; charset=utf-8'],
      ['icon.svg', 'image/svg+xml'],
    ] as const) {
      const response = await fetch(`${server.url}/dashboard/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-security-policy')).toMatch(
        /^default-src 'self'; script-src 'self'; style-src 'self';/,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(FILES[(name || 'index.html') as keyof typeof FILES]);
    }
  });

  it('redirects /dashboard to /dashboard/, under the base path too', async () => {
    const server = await serve(built(), '/api');
    const response = await fetch(`${server.url}/api/dashboard`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('/api/dashboard/');
    expect((await fetch(`${server.url}/api/dashboard/app.js`)).status).toBe(200);
    // Outside the base path it is not the dashboard: the API's own 404.
    const outside = await fetch(`${server.url}/dashboard/`);
    expect(outside.status).toBe(404);
    expect(await outside.text()).toMatch(/route_not_found/i);
  });

  it('answers 304 to a matching If-None-Match, 404 for another file, 405 for a POST', async () => {
    const server = await serve(built());
    const first = await fetch(`${server.url}/dashboard/style.css`);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await fetch(`${server.url}/dashboard/style.css`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(`${server.url}/dashboard/../package.json`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/dashboard/secrets.json`)).status).toBe(404);
    const post = await fetch(`${server.url}/dashboard/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('says how to build it when its files are missing, and is absent with dashboard: false', async () => {
    const unbuilt = await serve(built({ 'index.html': 'x' }));
    const response = await fetch(`${unbuilt.url}/dashboard/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    const off = await serve(false);
    const answer = await fetch(`${off.url}/dashboard/`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toMatch(/route_not_found/i);
  });
});
