/**
 * Debian's Chromium as every browser test launches it: its headless shell
 * (package chromium-headless-shell; the build Playwright itself runs
 * headless, with a third less CPU than the full browser on the same tests),
 * and with the background networking off, since this machine's closed
 * network would refuse those connections by the dozen.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
