/**
 * Loads an adapter whose optional peer dependencies may be missing, and turns Node's bare
 * "Cannot find package 'pg'" into an error that says which entry needs what and how to install
 * it. The adapters' entries load their code through this (a static import would fail while
 * the module graph is linked, before any code could explain).
 */
export async function loadWithPeers<T>(entry: string, peers: readonly string[], load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = peers.find((peer) => isMissingPackage(error, peer));
    if (missing === undefined) throw error;
    throw new Error(
      `${entry} needs the package ${missing}, an optional peer dependency of taxkit that is not installed. ` +
        `Install it with: npm install ${peers.join(' ')}`,
      { cause: error },
    );
  }
}

function isMissingPackage(error: unknown, name: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    (message.includes(`'${name}'`) || message.includes(`'${name}/`))
  );
}
