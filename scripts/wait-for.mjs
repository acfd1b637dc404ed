/**
 * Waits until URLs answer with a 2xx status. The local launcher uses it so
 * the site starts only once the Auth Emulator is up: a visitor who opens the
 * site early must not be refused a sign-in link.
 *
 *   node scripts/wait-for.mjs <url>...   exits 0 when all answer, 1 after two minutes
 */
import { pathToFileURL } from 'node:url';

const TIMEOUT_MS = 120_000;

export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Resolves true once every URL answers, false if the time-out passes first. */
export async function waitFor(urls, timeoutMs = TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const urls = process.argv.slice(2);
  if (!(await waitFor(urls))) {
    console.error(`Gave up after ${TIMEOUT_MS / 1000} s waiting for ${urls.join(', ')}.`);
    process.exit(1);
  }
}
