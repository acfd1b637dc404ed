/**
 * The words of the site's cooldown on sign-in links, said by the server when
 * it refuses a link and counted down by the page: one wording, so the page
 * can read the wait out of a refusal and keep counting.
 */
export function signInWaitText(seconds: number): string {
  return `You can ask for a new link in ${seconds} s.`;
}

/** The seconds a text in those words names; undefined for any other text. */
export function signInWaitSeconds(text: string): number | undefined {
  const match = /^You can ask for a new link in (\d+) s\.$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
