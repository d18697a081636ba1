/**
 * How the benchmarks launch Chromium: Debian's build (never a downloaded one), headless (the
 * playwright-core default), without the background work that would add noise to a measurement.
 * `CHROMIUM_PATH` as in the tests; the older `CHROMIUM` is still read.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
