// A game's seed commitment in the browser: the commitment this browser was shown at the
// table (kept per game), and the SHA-256 it computes itself from the revealed seed and salt,
// over the same text the server hashes (tavola/core/commitment.py).

const key = (gameId) => `tavola.commitment.${gameId}`;

export function rememberCommitment(gameId, commitment) {
  try {
    localStorage.setItem(key(gameId), commitment);
  } catch {
    // A browser that keeps nothing: the replay compares with the server's view only.
  }
}

export function rememberedCommitment(gameId) {
  try {
    return localStorage.getItem(key(gameId));
  } catch {
    return null;
  }
}

/** The text a seed's commitment is the SHA-256 of. `seed`: its decimal digits, as a string
 * (a JavaScript number loses the digits of a seed beyond 2^53). */
export function seedSecret(seed, salt) {
  return `tavola-seed-v1:${seed}:${salt}`;
}

/** Lowercase hex SHA-256 of `text`'s UTF-8 bytes; null where the browser has no Web Crypto
 * (a page not served over HTTPS nor from this machine). */
export async function sha256Hex(text) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
