/** "Maya Raghunathan" → "MR"; a leading title such as "Dr." is skipped. */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !/^(dr|prof|mr|mrs|ms)\.?$/i.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
